/**
 * The sectors a business can choose (SPEC §1): the four the marketplace started with, the trades
 * people ask for most, and "other" for a business none of them fits. A value once listed stays
 * valid (it is API); a business with no sector yet has none (null). Plain data with no zod, so a
 * page can list them without loading the schemas.
 */
export const sectors = [
  'influencer-marketing',
  'hospitality',
  'construction',
  'beauty',
  'food-drink',
  'health',
  'home-services',
  'photography-events',
  'education',
  'transport',
  'professional-services',
  'pets',
  'other',
] as const;
