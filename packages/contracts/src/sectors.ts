/**
 * The four sectors the marketplace bridges (SPEC §1). Plain data with no zod, so a page can list
 * them without loading the schemas.
 */
export const sectors = ['influencer-marketing', 'hospitality', 'construction', 'beauty'] as const;
