/**
 * Every cache key of chats, defined once. Each query's options are built from these, and
 * invalidating `all` refreshes every chat query at once (after a reconnect, or a new chat).
 */
export const chatKeys = {
  all: ['chats'],
  list: () => [...chatKeys.all, 'list'] as const,
  unread: () => [...chatKeys.all, 'unread'] as const,
  one: (chatId: string) => [...chatKeys.all, 'one', chatId] as const,
  messages: (chatId: string) => [...chatKeys.all, 'messages', chatId] as const,
} as const;
