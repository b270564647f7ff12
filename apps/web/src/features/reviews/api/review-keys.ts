export const reviewKeys = {
  all: ['reviews'] as const,
  deal: (dealId: string) => ['reviews', 'deal', dealId] as const,
  businesses: ['reviews', 'business'] as const,
  business: (businessId: string) => ['reviews', 'business', businessId] as const,
};
