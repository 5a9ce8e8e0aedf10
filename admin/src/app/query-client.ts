import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { StorefrontProblem } from 'storefront/client';

/**
 * The cache every screen reads through. A 401 anywhere means the key was revoked or mistyped:
 * `onUnauthorized` signs out (a key being tried at sign-in is no session yet). Problems are the server's answer, not a failure to retry.
 */
export function createQueryClient(onUnauthorized: () => void): QueryClient {
  const check = (error: unknown) => {
    if (error instanceof StorefrontProblem && error.status === 401) onUnauthorized();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: check }),
    mutationCache: new MutationCache({ onError: check }),
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        // The typed client already retries what is worth retrying (no answer, 5xx, 429).
        retry: false,
        refetchOnWindowFocus: true,
      },
    },
  });
}
