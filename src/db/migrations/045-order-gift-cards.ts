import type { Kysely } from 'kysely';

// Gift cards paying for orders (DESIGN.md §10). `orders.gift_cards` keeps the cards a buyer entered at
// checkout, in the order entered, as JSON `[{gift_card_id, last_four, amount}]`: which card, and what
// it pays of the order (minor units of the order's currency). Never the code: the buyer's typed code
// finds its card once, by its hash, and the order keeps the card's id from then on. The share is priced
// with the order; the balance itself moves at placement (gift_card_movements).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('gift_cards', 'text', (c) => c.notNull().defaultTo('[]')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('gift_cards').execute();
}
