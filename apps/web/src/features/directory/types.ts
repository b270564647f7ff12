import type { DirectorySort, Role, Sector } from '@maya/contracts';

/** A directory search as the URL holds it (hooks/use-directory-filters.ts). */
export interface DirectoryFilters {
  role: Role;
  q: string;
  category: Sector | '';
  near: { lat: number; lng: number } | null;
  radiusKm: number;
  sort: DirectorySort | '';
}
