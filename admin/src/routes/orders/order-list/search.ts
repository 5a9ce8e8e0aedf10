/** The list's filters as they stand in the address bar, so a filtered list can be linked and reloaded. */
export const orderStatuses = ['created', 'placed', 'canceled', 'archived'] as const;
export const financialStatuses = ['unpaid', 'pending', 'authorized', 'partially_paid', 'paid', 'partially_refunded', 'refunded', 'voided'] as const;
export const fulfillmentStatuses = ['unfulfilled', 'partially_fulfilled', 'fulfilled', 'not_required'] as const;

export interface OrderListSearch {
  q?: string;
  status?: (typeof orderStatuses)[number];
  financial_status?: (typeof financialStatuses)[number];
  fulfillment_status?: (typeof fulfillmentStatuses)[number];
  page?: number;
}

function oneOf<T extends string>(values: readonly T[], value: unknown): T | undefined {
  return values.includes(value as T) ? (value as T) : undefined;
}

/** Whatever the address bar holds, as filters the API takes: anything else is dropped. */
export function validateOrderListSearch(search: Record<string, unknown>): OrderListSearch {
  const page = Number(search.page);
  return {
    q: typeof search.q === 'string' && search.q.trim() !== '' ? search.q : undefined,
    status: oneOf(orderStatuses, search.status),
    financial_status: oneOf(financialStatuses, search.financial_status),
    fulfillment_status: oneOf(fulfillmentStatuses, search.fulfillment_status),
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
}
