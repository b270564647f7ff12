import type { DirectoryFilters } from '../types';

/** Every cache key of the directory, defined once. */
export const directoryKeys = {
  all: ['directory'],
  search: (filters: DirectoryFilters) => [...directoryKeys.all, 'search', filters] as const,
  profile: (id: string) => [...directoryKeys.all, 'profile', id] as const,
  featured: () => [...directoryKeys.all, 'featured'] as const,
} as const;
