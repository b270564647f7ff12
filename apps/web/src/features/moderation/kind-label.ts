import type { DecisionKind, ReviewPart } from '@maya/contracts';

/**
 * The key of a decision kind's label in the `moderation` words: taking a review down names the
 * part it takes down (the review, or the business's reply).
 */
export const kindKey = (kind: DecisionKind, part?: ReviewPart | null) =>
  kind === 'remove_review' && part === 'reply' ? 'kinds.remove_reply' : `kinds.${kind}`;

/** The key of what a decision did, as its person reads it (`mine.kinds.*`). */
export const mineKindKey = (kind: DecisionKind, part?: ReviewPart | null) =>
  `mine.${kindKey(kind, part)}`;
