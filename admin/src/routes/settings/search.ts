/** A page number from the address bar: 1 (left out) unless a whole number above it. */
export function pageOf(search: Record<string, unknown>): number | undefined {
  const page = Number(search.page);
  return Number.isInteger(page) && page > 1 ? page : undefined;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

export interface PageSearch {
  page?: number;
}

export const validatePageSearch = (search: Record<string, unknown>): PageSearch => ({ page: pageOf(search) });

export interface EventListSearch extends PageSearch {
  /** One event (or a comma list), as a delivery attempt names it. */
  id?: string;
  kind?: string;
  related_object?: string;
}

/** The events browser's filters as they stand in the address, so a filtered list can be linked. */
export const validateEventSearch = (search: Record<string, unknown>): EventListSearch => ({
  id: text(search.id),
  kind: text(search.kind),
  related_object: text(search.related_object),
  page: pageOf(search),
});

export interface AuditSearch extends PageSearch {
  /** A colleague's or a key's id (`usr_…`, `key_…`). */
  actor_id?: string;
  /** A record's id (`ord_…`). */
  object_id?: string;
}

/** The audit log's filters as they stand in the address, so a record's history can be linked. */
export const validateAuditSearch = (search: Record<string, unknown>): AuditSearch => ({
  actor_id: text(search.actor_id),
  object_id: text(search.object_id),
  page: pageOf(search),
});
