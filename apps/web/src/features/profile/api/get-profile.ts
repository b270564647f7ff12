import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicProfile } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';

export const profileQuery = (id: string) =>
  queryOptions({
    queryKey: ['users', id],
    queryFn: ({ signal }) => apiCall<PublicProfile>(`/users/${encodeURIComponent(id)}`, { signal }),
  });

export const useProfile = (id: string) => useQuery(profileQuery(id));
