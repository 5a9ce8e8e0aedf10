import type { Kysely } from 'kysely';

/** Pruning finds events past the retention by age: without this index it read every event, hourly. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('events_created_at').on('events').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('events_created_at').execute();
}
