/** The query keys of moderation: the console's queue, users, appeals and counts, and /me's decisions. */
export const moderationKeys = {
  all: () => ['moderation'] as const,
  reports: (status: string) => ['moderation', 'reports', status] as const,
  report: (id: string) => ['moderation', 'report', id] as const,
  users: (q: string) => ['moderation', 'users', q] as const,
  appeals: (status: string) => ['moderation', 'appeals', status] as const,
  transparency: (year: number) => ['moderation', 'transparency', year] as const,
  mine: () => ['me', 'decisions'] as const,
};
