import type { DealTab } from '@maya/contracts';

export const dealKeys = {
  all: ['deals'] as const,
  lists: ['deals', 'list'] as const,
  list: (tab: DealTab) => ['deals', 'list', tab] as const,
  one: (id: string) => ['deals', 'one', id] as const,
};
