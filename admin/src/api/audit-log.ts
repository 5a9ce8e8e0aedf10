import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { unwrap } from 'storefront/client';
import { useSession } from '../lib/session';

export const AUDIT_PER_PAGE = 25;

export interface AuditFilters {
  actor_id?: string;
  object_id?: string;
  page?: number;
}

/** Who changed what, newest first (owner and admin); filtered by a person or key, or by a record. */
export function useAuditLog({ actor_id, object_id, page = 1 }: AuditFilters, perPage = AUDIT_PER_PAGE) {
  const { client } = useSession();
  return useQuery({
    queryKey: ['audit-log', actor_id ?? null, object_id ?? null, page, perPage],
    queryFn: async ({ signal }) =>
      unwrap(await client.GET('/v1/audit_log', { params: { query: { page, per_page: perPage, ...(actor_id ? { actor_id } : {}), ...(object_id ? { object_id } : {}) } }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** At most this many entries a record: a record gathers tens of changes, not thousands. */
export const HISTORY_PER_RECORD = 50;

/**
 * The history of a record and of its parts (an order's shipments, returns and payments; a product's
 * skus), newest first. An entry names the record written (a shipment, once made, is its own record),
 * so this asks once a record and merges, as the timeline merges events.
 */
export function useRecordHistory(objectIds: readonly string[], enabled = true) {
  const { client } = useSession();
  return useQuery({
    queryKey: ['audit-log', 'history', objectIds],
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const pages = await Promise.all(
        objectIds.map(async (object_id) => unwrap(await client.GET('/v1/audit_log', { params: { query: { object_id, per_page: HISTORY_PER_RECORD } }, signal })).data),
      );
      return pages.flat().sort((a, b) => b.created_at - a.created_at || b.id.localeCompare(a.id));
    },
  });
}
