import type { Kysely } from 'kysely';

// Gift cards sold as products (issue 39, DESIGN.md §10). A sku may be a gift card (`is_gift_card`);
// an order item keeps the flag as it was when the checkout was made, as it keeps the price, so a sku
// changed later does not change what was sold. A card issued for a unit of such an item names it
// (`order_item_id`, `order_item_unit`, 0-based): the pair is unique, so paying twice, a replayed
// capture or two processes racing can never issue a unit's card twice. Staff-issued cards leave both
// null (a unique index lets nulls repeat on SQLite and PostgreSQL alike).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('skus').addColumn('is_gift_card', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('order_items').addColumn('is_gift_card', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('gift_cards').addColumn('order_item_id', 'text').execute();
  await db.schema.alterTable('gift_cards').addColumn('order_item_unit', 'integer').execute();
  await db.schema.createIndex('gift_cards_order_item_unit').on('gift_cards').columns(['order_item_id', 'order_item_unit']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('gift_cards_order_item_unit').execute();
  await db.schema.alterTable('gift_cards').dropColumn('order_item_unit').execute();
  await db.schema.alterTable('gift_cards').dropColumn('order_item_id').execute();
  await db.schema.alterTable('order_items').dropColumn('is_gift_card').execute();
  await db.schema.alterTable('skus').dropColumn('is_gift_card').execute();
}
