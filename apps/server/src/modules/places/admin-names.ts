import { lexicon, live } from '../../lib/lexicon/index.js';

/**
 * The names of first-level divisions the dump gives as letter codes that read as abbreviations
 * (US states, UK nations), from the lexicon's place words. Elsewhere its codes are numbers, so a
 * place has no division name.
 */
export const ADMIN_NAMES: Record<string, Record<string, string>> = live(
  () => lexicon().places.adminNames,
);
