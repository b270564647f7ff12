/** Two fields side by side from the small breakpoint up, stacked below it. */
export const twoColumns = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
} as const;
