import { announceChange } from '../../db/change-feed.js';
import type { Executor } from '../../db/database.js';
import type { ApiKeyKind, ApiKeyRow, ChannelRow } from '../../db/types.js';
import { staffOf, type Ctx } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { offsetOf, toPage, type Page, type PageRequest } from '../../lib/pagination.js';
import { Problem } from '../../lib/problem.js';
import { activeOwnerIds } from '../users/users.repo.js';
import * as repo from './api-keys.repo.js';
import { generateToken, hashToken } from './tokens.js';
import { keyRole, type Role } from './roles.js';

export interface ApiKeyView {
  id: string;
  object: 'api_key';
  name: string | null;
  read_only: boolean;
  role: Role;
  last_four: string;
  last_used_at: number | null;
  /** The key the request is made with: staff see which one revoking would sign them out of. */
  is_current: boolean;
  created_at: number;
  /** Only in the answer that creates the key. */
  token?: string;
}

export interface ChannelKeyView {
  id: string;
  object: 'channel_key';
  channel_id: string;
  last_four: string;
  last_used_at: number | null;
  created_at: number;
  token?: string;
}

export interface ChannelView {
  id: string;
  object: 'channel';
  name: string;
  keys: ChannelKeyView[];
  created_at: number;
  updated_at: number;
}

const adminKinds: ApiKeyKind[] = ['admin', 'read_only'];

function apiKeyView(ctx: Ctx, row: ApiKeyRow, token?: string): ApiKeyView {
  return {
    id: row.id,
    object: 'api_key',
    name: row.name,
    read_only: row.kind === 'read_only',
    role: keyRole(row),
    last_four: row.last_four,
    last_used_at: row.last_used_at,
    is_current: staffOf(ctx)?.id === row.id,
    created_at: row.created_at,
    ...(token ? { token } : {}),
  };
}

function channelKeyView(row: ApiKeyRow, token?: string): ChannelKeyView {
  return {
    id: row.id,
    object: 'channel_key',
    channel_id: row.channel_id ?? '',
    last_four: row.last_four,
    last_used_at: row.last_used_at,
    created_at: row.created_at,
    ...(token ? { token } : {}),
  };
}

function channelView(row: ChannelRow, keys: ApiKeyRow[]): ChannelView {
  return { id: row.id, object: 'channel', name: row.name, keys: keys.map((k) => channelKeyView(k)), created_at: row.created_at, updated_at: row.updated_at };
}

/**
 * Stores a key by its hash only. `token` is the secret to store; a random one is made when absent
 * (the first start takes it from the environment).
 */
export async function insertKey(
  db: Executor,
  now: number,
  kind: ApiKeyKind,
  options: { name?: string | null; channelId?: string | null; token?: string; role?: Role | null },
): Promise<{ row: ApiKeyRow; token: string }> {
  const token = options.token ?? generateToken(kind === 'admin' ? 'sk' : kind === 'read_only' ? 'rk' : 'ck');
  const row: ApiKeyRow = {
    id: newId('key'),
    kind,
    name: options.name ?? null,
    channel_id: options.channelId ?? null,
    token_hash: hashToken(token),
    last_four: token.slice(-4),
    last_used_at: null,
    role: options.role ?? null,
    created_at: now,
  };
  await repo.insertApiKey(db, row);
  return { row, token };
}

/**
 * Creates a key acting under a role: a read-only one is an `rk_…`, others `sk_…` (an owner's by
 * default); the token is in this answer only.
 * @throws Problem validation_failed when read_only contradicts the role.
 */
export async function createApiKey(ctx: Ctx, input: { name?: string; read_only?: boolean; role?: Role }): Promise<ApiKeyView> {
  if (input.read_only && input.role !== undefined && input.role !== 'read_only') {
    throw Problem.invalid([{ field: 'role', code: 'invalid', message: 'must be read_only for a read-only key' }]);
  }
  const role = input.read_only ? 'read_only' : (input.role ?? 'owner');
  const { row, token } = await insertKey(ctx.db, ctx.now(), role === 'read_only' ? 'read_only' : 'admin', { name: input.name ?? null, role });
  return apiKeyView(ctx, row, token);
}

export async function listApiKeys(ctx: Ctx, page: PageRequest, url: string): Promise<Page<ApiKeyView>> {
  const [rows, total] = await Promise.all([
    repo.listApiKeys(ctx.db, adminKinds, offsetOf(page), page.perPage),
    repo.countApiKeys(ctx.db, adminKinds),
  ]);
  return toPage(rows.map((row) => apiKeyView(ctx, row)), page, total, url);
}

/**
 * Revokes an admin or read-only key, announcing the change so that other processes stop accepting it
 * at once (the caller drops its own credential cache).
 * @throws Problem not_found; invalid_state when it is the last key acting as an owner and no active
 * owner user is left either (the store would be locked out).
 */
export async function revokeApiKey(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const row = await repo.findApiKey(tx, id);
    if (!row || !adminKinds.includes(row.kind)) throw Problem.notFound('api key', id);
    // Two admin keys revoking each other at once must not both see "another one is left": on
    // PostgreSQL, lock the admin keys first (SQLite runs one write transaction at a time anyway).
    if (row.kind === 'admin' && ctx.dbKind === 'postgres') await repo.lockApiKeys(tx, ['admin']);
    if (keyRole(row) === 'owner' && (await repo.countOwnerKeys(tx)) <= 1 && (await activeOwnerIds(tx, ctx.dbKind)).length === 0) {
      throw new Problem('invalid_state', 'The last admin key cannot be revoked while no owner can sign in; create another key or an owner first');
    }
    await repo.deleteApiKey(tx, id);
    await announceChange(tx);
  });
}

export async function createChannel(ctx: Ctx, input: { name: string }): Promise<ChannelView> {
  const now = ctx.now();
  const row: ChannelRow = { id: newId('chn'), name: input.name, created_at: now, updated_at: now };
  await repo.insertChannel(ctx.db, row);
  return channelView(row, []);
}

export async function listChannels(ctx: Ctx, page: PageRequest, url: string): Promise<Page<ChannelView>> {
  const [rows, total] = await Promise.all([repo.listChannels(ctx.db, offsetOf(page), page.perPage), repo.countChannels(ctx.db)]);
  const keys = await repo.listChannelKeys(ctx.db, rows.map((r) => r.id));
  return toPage(rows.map((row) => channelView(row, keys.filter((k) => k.channel_id === row.id))), page, total, url);
}

export async function getChannel(ctx: Ctx, id: string): Promise<ChannelView> {
  const row = await repo.findChannel(ctx.db, id);
  if (!row) throw Problem.notFound('channel', id);
  return channelView(row, await repo.listChannelKeys(ctx.db, [id]));
}

/**
 * Renames a channel (its keys, carts and orders stay with it).
 * @throws Problem not_found.
 */
export async function renameChannel(ctx: Ctx, id: string, input: { name: string }): Promise<ChannelView> {
  if (!(await repo.renameChannel(ctx.db, id, input.name, ctx.now()))) throw Problem.notFound('channel', id);
  return getChannel(ctx, id);
}

/** Issues a new `ck_…` key for a channel; the token is in this answer only. */
export async function createChannelKey(ctx: Ctx, channelId: string): Promise<ChannelKeyView> {
  if (!(await repo.findChannel(ctx.db, channelId))) throw Problem.notFound('channel', channelId);
  const { row, token } = await insertKey(ctx.db, ctx.now(), 'channel', { channelId });
  return channelKeyView(row, token);
}

/**
 * Revokes a channel key, announcing the change as revokeApiKey does.
 * @throws Problem not_found when the channel has no such key.
 */
export async function revokeChannelKey(ctx: Ctx, channelId: string, keyId: string): Promise<void> {
  const row = await repo.findApiKey(ctx.db, keyId);
  if (!row || row.kind !== 'channel' || row.channel_id !== channelId) throw Problem.notFound('channel key', keyId);
  await repo.deleteApiKey(ctx.db, keyId);
  await announceChange(ctx.db);
}
