import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

// Idempotency keys scoped to the caller, and money moves keyed by them (issue Security).
// - `server_secrets` holds secrets the server makes for itself once, shared by every process on the
//   database: `idempotency` keys the hash of a request's secret members (a password, a card number),
//   so a stored fingerprint tells two passwords apart without letting whoever reads it guess them.
// - A capture, refund or void made with an Idempotency-Key records the key's scoped hash on its
//   transaction, in the transaction that moves the order's money: a retry after a crash finds it
//   instead of moving the money again.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  await db.insertInto('server_secrets').values({ name: 'idempotency', value: randomBytes(32).toString('base64') }).execute();

  await db.schema.alterTable('transactions').addColumn('idempotency_key', 'text').execute();
  await db.schema.createIndex('transactions_idempotency_key').unique().on('transactions').columns(['order_id', 'idempotency_key']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('transactions_idempotency_key').execute();
  await db.schema.alterTable('transactions').dropColumn('idempotency_key').execute();
  await db.schema.dropTable('server_secrets').execute();
}
