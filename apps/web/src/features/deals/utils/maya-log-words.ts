import type { Currency, MayaLog } from '@maya/contracts';
import { formatMoney } from '../../services';

/** The catalog's `t`, as much of it as a step needs. */
type Translate = (key: string | string[], options?: Record<string, unknown>) => string;
type Entry = MayaLog['entries'][number];

/** The numbers a rule reads, in the order the business reads them; money is in minor units. */
const INPUTS = [
  ['listPrice', 'money'],
  ['round', 'count'],
  ['counter', 'money'],
  ['counterLimit', 'count'],
  ['floor', 'money'],
  ['keepBack', 'money'],
  ['minimum', 'money'],
  ['lowestOffer', 'money'],
  ['earlierLowest', 'money'],
  ['budget', 'money'],
] as const;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The price an act names, when it names one. */
function priceOf(act: Entry['act']): { amount: number; currency: Currency } | null {
  const price = act.price as { amount?: unknown; currency?: unknown } | undefined;
  return typeof price?.amount === 'number' && typeof price.currency === 'string'
    ? { amount: price.amount, currency: price.currency as Currency }
    : null;
}

/** Why Maya stopped, in words ("the client asked for a person"). */
export const reasonText = (t: Translate, reason: string) =>
  t(`log.reasons.${reason}`, { defaultValue: reason });

/** What she did: "Offered €850.00", "Handed over: the client asked for a person"… */
export function actText(t: Translate, entry: Entry, language: string): string {
  const { act } = entry;
  const price = priceOf(act);
  const amount = price ? formatMoney(price.amount, price.currency, language) : '';
  switch (act.act) {
    case 'offer':
    case 'final_offer':
    case 'accept':
      return t(`log.acts.${act.act}`, { amount });
    case 'hand_over':
      return t('log.acts.hand_over', { reason: reasonText(t, text(act.reason)) });
    default:
      return t('log.acts.other');
  }
}

/** The rule that decided, in words: a strategy's rule, or a reason she stopped. */
export const ruleText = (t: Translate, rule: string) =>
  t([`log.rules.${rule}`, `log.reasons.${rule}`], { defaultValue: rule });

/** The numbers she read, as label and value pairs; money in the deal's currency. */
export function inputRows(
  t: Translate,
  entry: Entry,
  currency: Currency,
  language: string,
): [string, string][] {
  const shown = priceOf(entry.act)?.currency ?? currency;
  return INPUTS.flatMap(([key, kind]) => {
    const value = entry.inputs[key];
    if (value === undefined || value === null) return [];
    const words = kind === 'money' ? formatMoney(value, shown, language) : String(value);
    return [[t(`log.inputs.${key}`), words] as [string, string]];
  });
}

/** The outbound check's result: passed, or why the model's sentence was replaced. */
export function checkText(t: Translate, check: Entry['check']): string {
  if (check.failure === 'model_error' || check.failure === 'timeout') {
    return t(`log.check.${check.failure}`);
  }
  if (check.reasons.length > 0) {
    const reasons = check.reasons.map((reason) =>
      t([`log.check.reasons.${reason.kind}`, 'log.check.reasons.other'], {
        text: text(reason.text),
        phrase: text(reason.phrase),
      }),
    );
    return t(check.replaced ? 'log.check.replaced' : 'log.check.failed', {
      reasons: reasons.join('; '),
    });
  }
  return t(check.replaced ? 'log.check.replacedPlain' : 'log.check.passed');
}
