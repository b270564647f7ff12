import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PublicProfile, SavedBusiness } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';
import { savedKeys } from './saved-keys';

export interface SavedChange {
  businessId: string;
  saved: boolean;
}

/** Save or forget a business (both idempotent on the server). */
export const changeSaved = ({ businessId, saved }: SavedChange) =>
  saved
    ? apiCall<SavedBusiness>(`/me/saved/${businessId}`, { method: 'PUT' })
    : apiCall<null>(`/me/saved/${businessId}`, { method: 'DELETE' });

type Cached = PublicProfile | { items?: PublicProfile[]; pages?: { items: PublicProfile[] }[] };

/** The directory's cached cards and profile of the business, marked as the server now has it. */
function markCached(queryClient: QueryClient, { businessId, saved }: SavedChange): void {
  const mark = (profile: PublicProfile) =>
    profile.id === businessId && profile.saved !== undefined ? { ...profile, saved } : profile;
  queryClient.setQueriesData<Cached>({ queryKey: ['directory'] }, (data) => {
    if (!data || typeof data !== 'object') return data;
    if ('id' in data) return mark(data);
    if (data.pages) {
      return {
        ...data,
        pages: data.pages.map((page) => ({ ...page, items: page.items.map(mark) })),
      };
    }
    if (data.items) return { ...data, items: data.items.map(mark) };
    return data;
  });
}

/**
 * Save or forget a business. The toggle shows the change at once and takes it back if this
 * fails; once it holds, the directory's cached cards say so and the saved list is read again.
 */
export function useChangeSaved() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeSaved,
    onSuccess: (_answer, change) => {
      markCached(queryClient, change);
      return queryClient.invalidateQueries({ queryKey: savedKeys.all });
    },
  });
}
