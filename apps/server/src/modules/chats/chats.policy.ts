import type { Role } from '@maya/contracts';

/** A chat always pairs one buyer with one seller; returns the pair, or undefined if not allowed. */
export function chatPair(
  actor: { userId: string; role: Role },
  partner: { id: string; role: Role },
): { buyerId: string; sellerId: string } | undefined {
  if (actor.userId === partner.id || actor.role === partner.role) return undefined;
  return actor.role === 'buyer'
    ? { buyerId: actor.userId, sellerId: partner.id }
    : { buyerId: partner.id, sellerId: actor.userId };
}
