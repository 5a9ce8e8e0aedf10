import type { Kysely } from 'kysely';

// The sales report takes off the refunds made in a period: a range of this index by time, for the
// refund transactions only (one kind among several), holding what the sum needs.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('transactions_kind_created_at').on('transactions').columns(['kind', 'created_at', 'status', 'currency', 'amount']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('transactions_kind_created_at').execute();
}
