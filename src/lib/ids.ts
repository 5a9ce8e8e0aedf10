import { monotonicFactory } from 'ulidx';

const ulid = monotonicFactory();

/** The id prefixes of the spec, one per resource kind. */
export type IdPrefix =
  | 'str' | 'chn' | 'key' | 'fil' | 'vnd' | 'tag' | 'prd' | 'sku' | 'col' | 'rul' | 'cat' | 'evn'
  | 'cus' | 'adr' | 'tok' | 'crt' | 'itm' | 'shz' | 'shr' | 'txr' | 'gtw' | 'ord' | 'tra' | 'ful' | 'whk' | 'dlv' | 'att'
  | 'blg' | 'pst' | 'pag';

/**
 * A new id: the kind's prefix, `_`, and 26 lowercase ULID characters. ULIDs are time-ordered and
 * monotonic within a process, so sorting by id sorts by creation.
 */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${ulid().toLowerCase()}`;
}
