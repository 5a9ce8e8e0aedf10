import type { Kysely } from 'kysely';

// Gift cards (DESIGN.md §10). A card's code is shown whole only when it is made: the table keeps its
// SHA-256 (`code_hash`, unique, how a code typed at checkout finds its card) and its last four
// characters. `balance` only ever moves by a conditional UPDATE (… WHERE balance >= x), so concurrent
// orders cannot take it below zero. `gift_card_movements` is the card's history, one row a change of
// balance: issue (+initial value), redeem (−, with the order), refund (+, with the order).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('gift_cards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('last_four', 'text', (c) => c.notNull())
    .addColumn('initial_value', 'bigint', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text')
    .addColumn('expires_at', 'bigint')
    .addColumn('is_enabled', 'integer', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gift_cards_code_hash').on('gift_cards').column('code_hash').unique().execute();
  await db.schema.createIndex('gift_cards_customer').on('gift_cards').column('customer_id').execute();

  await db.schema
    .createTable('gift_card_movements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('gift_card_id', 'text', (c) => c.notNull().references('gift_cards.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('order_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gift_card_movements_card').on('gift_card_movements').columns(['gift_card_id', 'id']).execute();
  await db.schema.createIndex('gift_card_movements_order').on('gift_card_movements').column('order_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('gift_card_movements').execute();
  await db.schema.dropTable('gift_cards').execute();
}
