export const briefKeys = {
  all: ['briefs'] as const,
  list: ['briefs', 'list'] as const,
  one: (id: string) => ['briefs', 'one', id] as const,
  draft: (text: string) => ['briefs', 'draft', text] as const,
};
