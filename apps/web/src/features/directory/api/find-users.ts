import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { UsersPage } from '@maya/contracts';
import { MINOR_UNITS } from '@maya/contracts/service-units';
import { apiCall } from '../../../lib/api-client';
import type { DirectoryFilters } from '../types';
import { directoryKeys } from './directory-keys';

function toSearch(filters: DirectoryFilters, cursor?: string): string {
  const params = new URLSearchParams({ role: filters.role, limit: '24' });
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.category) params.set('category', filters.category);
  if (filters.near) {
    params.set('near', `${filters.near.lat.toFixed(4)},${filters.near.lng.toFixed(4)}`);
    params.set('radiusKm', String(filters.radiusKm));
  }
  // A price sort needs a unit: without one the list keeps its default order.
  const byPrice = filters.sort === 'price' && filters.unit !== '';
  if (filters.sort && (filters.sort !== 'price' || byPrice)) params.set('sort', filters.sort);
  // The URL's budget is in major units; the API's in minor units of the currency.
  if (filters.minPrice !== null) params.set('minPrice', String(toMinor(filters.minPrice)));
  if (filters.maxPrice !== null) params.set('maxPrice', String(toMinor(filters.maxPrice)));
  if (filters.unit) params.set('unit', filters.unit);
  if (filters.minPrice !== null || filters.maxPrice !== null || filters.unit) {
    params.set('currency', filters.currency);
  }
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

const toMinor = (major: number) => Math.round(major * MINOR_UNITS);

/** The path of a directory search's first page (the server reads it the same way: prerender.tsx). */
export const searchPath = (filters: DirectoryFilters) => `/users?${toSearch(filters)}`;

/** A page of the directory: the people of one role that match the filters. */
export const findUsers = (
  filters: DirectoryFilters,
  cursor: string | undefined,
  { signal }: { signal?: AbortSignal } = {},
) => apiCall<UsersPage>(`/users?${toSearch(filters, cursor)}`, { signal });

export const directoryQuery = (filters: DirectoryFilters) =>
  infiniteQueryOptions({
    queryKey: directoryKeys.search(filters),
    queryFn: ({ pageParam, signal }) => findUsers(filters, pageParam, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useDirectory = (filters: DirectoryFilters) =>
  useInfiniteQuery(directoryQuery(filters));
