import type { Currency, DirectorySort, Role, Sector, ServiceUnit } from '@maya/contracts';

/** A directory search as the URL holds it (hooks/use-directory-filters.ts). */
export interface DirectoryFilters {
  role: Role;
  q: string;
  category: Sector | '';
  near: { lat: number; lng: number } | null;
  radiusKm: number;
  sort: DirectorySort | '';
  /** A budget in major units of `currency` (the URL's `minPrice`, `maxPrice`: 300 is €300). */
  minPrice: number | null;
  maxPrice: number | null;
  currency: Currency;
  /** Only services priced per this unit; `sort=price` needs one. */
  unit: ServiceUnit | '';
}
