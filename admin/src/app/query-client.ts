import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { StorefrontProblem } from 'storefront/client';

/**
 * The cache every screen reads through. A 401 anywhere means the credential was revoked, expired or
 * mistyped: `onUnauthorized` signs out (a key being tried at sign-in is no session yet). A 403 may
 * mean the role changed since it was read: `onForbidden` reads it again. Problems are the server's
 * answer, not a failure to retry.
 */
export function createQueryClient(onUnauthorized: () => void, onForbidden: () => void = () => undefined): QueryClient {
  const check = (error: unknown) => {
    if (error instanceof StorefrontProblem && error.status === 401) onUnauthorized();
    if (error instanceof StorefrontProblem && error.status === 403) onForbidden();
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
