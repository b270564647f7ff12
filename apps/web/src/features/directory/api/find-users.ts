import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { usersPageSchema, type DirectorySort, type Role, type Sector } from '@maya/contracts';
import { apiRequest } from '../../../lib/api-client';

export interface DirectoryFilters {
  role: Role;
  q: string;
  category: Sector | '';
  near: { lat: number; lng: number } | null;
  radiusKm: number;
  sort: DirectorySort | '';
}

function toSearch(filters: DirectoryFilters, cursor?: string): string {
  const params = new URLSearchParams({ role: filters.role, limit: '24' });
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.category) params.set('category', filters.category);
  if (filters.near) {
    params.set('near', `${filters.near.lat.toFixed(4)},${filters.near.lng.toFixed(4)}`);
    params.set('radiusKm', String(filters.radiusKm));
  }
  if (filters.sort) params.set('sort', filters.sort);
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

export const directoryQuery = (filters: DirectoryFilters) =>
  infiniteQueryOptions({
    queryKey: ['users', 'directory', filters],
    queryFn: ({ pageParam, signal }) =>
      apiRequest(`/users?${toSearch(filters, pageParam)}`, usersPageSchema, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useDirectory = (filters: DirectoryFilters) =>
  useInfiniteQuery(directoryQuery(filters));
