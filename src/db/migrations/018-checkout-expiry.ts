import type { Kysely } from 'kysely';

// Checkout expiry (issue Security)
export async function up(_db: Kysely<any>): Promise<void> {}

export async function down(_db: Kysely<any>): Promise<void> {}
