import type { OrderItemRow } from '../../db/types.js';
import type { FieldErrors } from '../../lib/problem.js';

/**
 * The order items a request lists by id (`items[i][id]`), each once, with their place in the list:
 * an id that is no item of the order, or repeats one listed before, is named in `errors` and left out.
 */
export function listedItems<T extends { id: string }>(items: OrderItemRow[], wanted: T[], errors: FieldErrors): Array<{ index: number; item: OrderItemRow; wanted: T }> {
  const byId = new Map(items.map((item) => [item.id, item]));
  const seen = new Set<string>();
  return wanted.flatMap((line, index) => {
    const item = byId.get(line.id);
    if (!item || seen.has(item.id)) {
      errors.add(`items[${index}][id]`, item ? 'duplicate' : 'not_found', item ? 'is listed twice' : 'is not an item of this order');
      return [];
    }
    seen.add(item.id);
    return [{ index, item, wanted: line }];
  });
}
