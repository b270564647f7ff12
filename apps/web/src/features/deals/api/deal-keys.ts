import type { DealTab } from '@maya/contracts';

export const dealKeys = {
  all: ['deals'] as const,
  lists: ['deals', 'list'] as const,
  list: (tab: DealTab) => ['deals', 'list', tab] as const,
  one: (id: string) => ['deals', 'one', id] as const,
  /** Maya's log of a deal, for its business. */
  mayaLog: (id: string) => ['deals', 'maya-log', id] as const,
};
