import { sql, type Kysely } from 'kysely';

/** The default STOREFRONT_CHECKOUT_TTL_HOURS, in seconds: what the checkouts open before this migration get. */
const DEFAULT_TTL_SECONDS = 72 * 3600;

// Checkout expiry (issue Security): an order being checked out can be changed and paid until
// `checkout_expires_at` (Unix seconds), set when its cart is checked out (and again when the cart is
// checked out anew while it is open). Kept on the order rather than derived from `created_at`, so a
// refreshed checkout starts a new term and a changed setting applies to the checkouts made after it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('checkout_expires_at', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.updateTable('orders').set({ checkout_expires_at: sql`created_at + ${sql.lit(DEFAULT_TTL_SECONDS)}` }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('checkout_expires_at').execute();
}
