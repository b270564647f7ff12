import { derived } from '../../lib/lexicon/index.js';
import { containsPhrase, fold } from './search-terms.js';

/** The words a business uses of itself when it is cheap or premium (the lexicon's budget hints). */
export interface BudgetHints {
  low: readonly string[];
  high: readonly string[];
}

/** The lexicon's hints, for a search box's "cheap" or "de luxo". */
export const lexiconBudgetHints = derived(({ budget }): BudgetHints => ({
  low: budget.low.hint,
  high: budget.high.hint,
}));

/**
 * How much a business's own words (folded `text`) lean to the budget asked for: 1 when they say
 * it ("hostel", "económico" for cheap), -1 when they say the other end, 0 otherwise. Listed
 * businesses list no budget level, so their words are what ranks them.
 */
export function budgetLean(text: string, level: 'low' | 'high', hints: BudgetHints): number {
  const says = (of: 'low' | 'high') => hints[of].some((hint) => containsPhrase(text, fold(hint)));
  return Number(says(level)) - Number(says(level === 'low' ? 'high' : 'low'));
}
