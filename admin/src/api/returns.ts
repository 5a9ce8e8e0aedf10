import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from 'storefront/client';
import { useSession } from '../lib/session';
import { orderChanged } from './orders';

// An order answers with its returns, so there is no query of their own: each change refreshes the order.

export interface ReturnInput {
  items: Array<{ id: string; quantity: number; reason: 'damaged' | 'wrong_item' | 'not_as_described' | 'changed_mind' | 'other' }>;
  note?: string | null;
  restock?: boolean;
}

export function useCreateReturn(orderId: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReturnInput) => unwrap(await client.POST('/v1/orders/{id}/returns', { params: { path: { id: orderId } }, body })).data,
    onSuccess: () => orderChanged(queryClient, orderId),
  });
}

/** Receive, refund or cancel a return. A refund moves money whether or not it is answered: the order is read again either way. */
export function useMoveReturn(orderId: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ returnId, move, amount }: { returnId: string; move: 'receive' | 'refund' | 'cancel'; amount?: number }) => {
      const params = { path: { id: orderId, returnId } };
      if (move === 'refund') return unwrap(await client.POST('/v1/orders/{id}/returns/{returnId}/refund', { params, body: amount === undefined ? {} : { amount } })).data;
      if (move === 'receive') return unwrap(await client.POST('/v1/orders/{id}/returns/{returnId}/receive', { params })).data;
      return unwrap(await client.POST('/v1/orders/{id}/returns/{returnId}/cancel', { params })).data;
    },
    onSettled: () => orderChanged(queryClient, orderId),
  });
}
