import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { runBulk, type BulkResult } from '../lib/bulk';

/**
 * A bulk action over records already on screen: `work` changes one record through its own API call,
 * a few at a time (runBulk). Whatever came of it, the lists under `queryKey` are read again.
 */
export function useBulk<T>(queryKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation<BulkResult<T>, Error, { items: readonly T[]; work: (item: T) => Promise<unknown> }>({
    mutationFn: ({ items, work }) => runBulk(items, work),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
