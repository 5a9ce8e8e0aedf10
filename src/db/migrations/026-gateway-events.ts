import type { Kysely } from 'kysely';

// Payment providers deliver each webhook event at least once: the events settled are kept by the
// provider's event id, so a repeat is answered without settling it again. Webhooks about a charge
// (refunds, disputes) find their order by the provider's reference of the payment, hence the index.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('gateway_events')
    .addColumn('gateway_id', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('gateway_events_pk', ['gateway_id', 'event_id'])
    .execute();
  await db.schema.createIndex('transactions_authorization').on('transactions').column('authorization').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('transactions_authorization').execute();
  await db.schema.dropTable('gateway_events').execute();
}
