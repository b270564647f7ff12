/**
 * What each plan gives an account, for the modules that honour it. Pro's premium placement: in
 * the directory's ranking (and so in Maya's), a Pro business comes before a free one that fits
 * exactly as well, never before a better fit.
 */
export type Plan = 'free' | 'pro';

export function hasPremiumPlacement(account: { plan: Plan }): boolean {
  return account.plan === 'pro';
}
