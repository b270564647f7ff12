/** The query keys of the operator console; everything under `operatorKeys.all` is the console's. */
export const operatorKeys = {
  all: ['operators'] as const,
  session: () => [...operatorKeys.all, 'session'] as const,
  list: () => [...operatorKeys.all, 'list'] as const,
  audit: () => [...operatorKeys.all, 'audit'] as const,
  verification: () => [...operatorKeys.all, 'audit', 'verification'] as const,
};
