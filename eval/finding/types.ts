import type { Sector, ServiceBody } from '@maya/contracts';

/** A business as it signs up, written by hand the way such a business would describe itself. */
export interface EvalSeller {
  /** Stable key the requests refer to; also the local part of its sign-up email. */
  key: string;
  /** The business name: its first word becomes the first name at sign-up, the rest the last. */
  name: string;
  sector: Sector;
  /** As the business would type it, with the city spelled the local way. */
  address: string;
  at: [lat: number, lng: number];
  description: string;
  /** The description tries to steer an assistant (prompt injection or keyword stuffing). */
  injection?: true;
  /** Services with prices, listed through `/me/services` after sign-up. */
  services?: ServiceBody[];
}

export const categories = [
  'precise',
  'vague',
  'budget',
  'near',
  'typos',
  'follow-up',
  'unanswerable',
  'small-talk',
  'injection',
  'not-a-search',
  'business',
] as const;
export type Category = (typeof categories)[number];

export type Language = 'en' | 'pt-PT' | 'pt-BR';

/**
 * What counts as a right answer:
 * - seller keys: any of them is right (a set, not a ranking);
 * - 'none': nobody fits, and the answer must say so;
 * - 'reply': small talk, answered with words and no seller;
 * - { previousCard: n }: the n-th card Maya showed in the previous turn ("the second one").
 */
export type Expectation = string[] | 'none' | 'reply' | { previousCard: number };

export interface EvalRequestInput {
  lang: Language;
  /** What the person types; several turns for a conversation, judged on the last. */
  say: string | string[];
  expect: Expectation;
  /** Maya is asked by a signed-in buyer who saved this location on the account ("near me"). */
  askerAt?: { address: string; lat: number; lng: number };
  /** Maya is asked by this business (a seller key), signed in: its own profile is never an answer. */
  askerIs?: string;
  /** Nonsense that belongs to no language: the language check is skipped. */
  anyLanguage?: true;
}

export interface EvalRequest extends EvalRequestInput {
  /** `<category>/<slug of the words>`, stable while the words stay the same. */
  id: string;
  category: Category;
  turns: string[];
}
