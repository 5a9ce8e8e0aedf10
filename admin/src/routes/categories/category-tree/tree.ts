import type { CategoryNode } from 'storefront/client';

export interface Placed {
  node: CategoryNode;
  depth: number;
  /** Its siblings in order, itself included. */
  siblings: CategoryNode[];
}

/** The tree depth first, as it is drawn: each category with its depth and its siblings. */
export function flatten(nodes: CategoryNode[], depth = 0): Placed[] {
  return nodes.flatMap((node) => [{ node, depth, siblings: nodes }, ...flatten(node.children, depth + 1)]);
}

/**
 * The changes that put `siblings[from]` at `to`: each sibling is numbered by its new place, and only
 * those whose `order` differs are sent (equal orders, sorted by id, get distinct numbers this way).
 */
export function reorder(siblings: CategoryNode[], from: number, to: number) {
  const order = [...siblings];
  const [moved] = order.splice(from, 1);
  order.splice(to, 0, moved!);
  return order.flatMap((node, index) => (node.order === index ? [] : [{ id: node.id, body: { title: node.title, order: index } }]));
}

/** The order that puts a category after the last child of its new parent. */
export function lastOrder(children: CategoryNode[]): number {
  return children.reduce((max, child) => Math.max(max, child.order + 1), 0);
}
