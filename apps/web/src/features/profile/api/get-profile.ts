import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicProfileSchema } from '@maya/contracts';
import { apiRequest } from '../../../lib/api-client';

export const profileQuery = (id: string) =>
  queryOptions({
    queryKey: ['users', id],
    queryFn: ({ signal }) =>
      apiRequest(`/users/${encodeURIComponent(id)}`, publicProfileSchema, { signal }),
  });

export const useProfile = (id: string) => useQuery(profileQuery(id));
