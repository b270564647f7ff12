import { MESSAGE_MAX_LENGTH } from '@maya/contracts/limits';

/** How close to the limit a draft must be before its count is shown. */
export const COUNT_SHOWN_WITHIN = 200;

export interface DraftLength {
  /** Characters that would be sent: the draft without its surrounding space, as the server counts. */
  count: number;
  max: number;
  /** How many characters too many, 0 when it fits. */
  over: number;
  /** Whether the count is on screen: near the limit or past it. */
  shown: boolean;
}

/** The draft's length against the message limit (packages/contracts): nothing is cut from it. */
export function draftLength(draft: string, max: number = MESSAGE_MAX_LENGTH): DraftLength {
  const count = draft.trim().length;
  return {
    count,
    max,
    over: Math.max(0, count - max),
    shown: count >= max - COUNT_SHOWN_WITHIN,
  };
}
