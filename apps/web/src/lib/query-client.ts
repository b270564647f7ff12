import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { sessionFailed, watchSessionEnd } from './session';

export function createQueryClient() {
  // Any call answered 401 UNAUTHENTICATED, and the session answering nobody after someone, end
  // the session in this tab too (lib/session.ts).
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => sessionFailed(queryClient, error) }),
    mutationCache: new MutationCache({ onError: (error) => sessionFailed(queryClient, error) }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx answer will not change by asking again.
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
  watchSessionEnd(queryClient);
  return queryClient;
}
