import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicProfile } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';
import { directoryKeys } from './directory-keys';

/** One person's public profile (a seller's page, with the gallery). */
export const getProfile = (id: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiCall<PublicProfile>(`/users/${encodeURIComponent(id)}`, { signal });

export const profileQuery = (id: string) =>
  queryOptions({
    queryKey: directoryKeys.profile(id),
    queryFn: ({ signal }) => getProfile(id, { signal }),
  });

export const useProfile = (id: string) => useQuery(profileQuery(id));
