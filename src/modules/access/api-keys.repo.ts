import type { Executor } from '../../db/database.js';
import type { ApiKeyKind, ApiKeyRow, ChannelRow } from '../../db/types.js';

export function findApiKeyByHash(db: Executor, tokenHash: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export function findApiKey(db: Executor, id: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertApiKey(db: Executor, row: ApiKeyRow): Promise<void> {
  await db.insertInto('api_keys').values(row).execute();
}

export async function deleteApiKey(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('api_keys').where('id', '=', id).execute();
}

/** Deletes the keys of a kind with this name that nobody has used (nor made) since `before`. */
export async function deleteIdleKeysNamed(db: Executor, kind: ApiKeyKind, name: string, before: number): Promise<void> {
  await db.deleteFrom('api_keys').where('kind', '=', kind).where('name', '=', name)
    .where((eb) => eb(eb.fn.coalesce('last_used_at', 'created_at'), '<', before)).execute();
}

export function listApiKeys(db: Executor, kinds: ApiKeyKind[], offset: number, limit: number): Promise<ApiKeyRow[]> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('kind', 'in', kinds)
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countApiKeys(db: Executor, kinds: ApiKeyKind[]): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('kind', 'in', kinds)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The keys that act as an owner: admin keys with no role of their own, or the owner's. */
export async function countOwnerKeys(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('kind', '=', 'admin')
    .where((eb) => eb.or([eb('role', 'is', null), eb('role', '=', 'owner')]))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Locks the keys of these kinds until the transaction ends (PostgreSQL only: `FOR UPDATE`). */
export async function lockApiKeys(db: Executor, kinds: ApiKeyKind[]): Promise<void> {
  await db.selectFrom('api_keys').select('id').where('kind', 'in', kinds).orderBy('id').forUpdate().execute();
}

export function listChannelKeys(db: Executor, channelIds: string[]): Promise<ApiKeyRow[]> {
  if (channelIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('kind', '=', 'channel')
    .where('channel_id', 'in', channelIds)
    .orderBy('id')
    .execute();
}

export async function touchApiKey(db: Executor, id: string, now: number): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', id).execute();
}

export function findChannel(db: Executor, id: string): Promise<ChannelRow | undefined> {
  return db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The first channel made: where staff carts go when no channel is named. */
export function findFirstChannel(db: Executor): Promise<ChannelRow | undefined> {
  return db.selectFrom('channels').selectAll().orderBy('id').limit(1).executeTakeFirst();
}

export async function insertChannel(db: Executor, row: ChannelRow): Promise<void> {
  await db.insertInto('channels').values(row).execute();
}

export async function renameChannel(db: Executor, id: string, name: string, now: number): Promise<boolean> {
  const result = await db.updateTable('channels').set({ name, updated_at: now }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function listChannels(db: Executor, offset: number, limit: number): Promise<ChannelRow[]> {
  return db.selectFrom('channels').selectAll().orderBy('id').offset(offset).limit(limit).execute();
}

export async function countChannels(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('channels')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
