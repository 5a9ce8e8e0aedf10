import { sql, type Kysely } from 'kysely';

// A payment reserves what its placement could refuse (stock, discount uses) before the gateway is
// called, so a buyer who loses a race is refused before any money moves. The order records when its
// reservation was made; the few orders holding one are found through a partial index, so a sweep of
// reservations left behind (a buyer who never confirmed a 3-D Secure payment) reads only them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('reserved_at', 'bigint').execute();
  await sql`create index orders_reserved on orders (reserved_at) where reserved_at is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_reserved').execute();
  await db.schema.alterTable('orders').dropColumn('reserved_at').execute();
}
