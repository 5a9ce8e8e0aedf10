import type { Db } from './db/database.js';
import { unixNow } from './lib/clock.js';
import { newId } from './lib/ids.js';
import { deleteIdleKeysNamed, findFirstChannel, insertChannel } from './modules/access/api-keys.repo.js';
import { insertKey } from './modules/access/api-keys.service.js';
import { findStore, insertStore } from './modules/store/stores.repo.js';

export interface FirstStart {
  /** True when this call created the store (the database was new). */
  created: boolean;
  /** The keys made, in clear, to print once; empty when the store existed. */
  adminKey?: string;
  channelKey?: string;
  channelId?: string;
}

/**
 * On an empty database: the store, one sales channel, one admin key and one channel key, in one
 * transaction. Keys come from the arguments when given (STOREFRONT_ADMIN_KEY / STOREFRONT_CHANNEL_KEY).
 */
export async function ensureStore(db: Db, keys: { adminKey?: string; channelKey?: string } = {}): Promise<FirstStart> {
  return db.transaction().execute(async (tx) => {
    if (await findStore(tx)) return { created: false };
    const now = unixNow();
    await insertStore(tx, {
      id: newId('str'),
      name: 'My Store',
      subdomain: null,
      domain: null,
      description: null,
      image: null,
      store_status: 'active',
      email: null,
      address1: null,
      address2: null,
      postcode: null,
      city: null,
      country: null,
      country_code: null,
      state: null,
      state_code: null,
      references: null,
      phone: null,
      tax_id: null,
      business_name: null,
      fiscal_address: null,
      contact_email: null,
      lang: 'en',
      currency: 'USD',
      timezone: 'UTC',
      weight_unit: 'kg',
      order_prefix: '#',
      order_suffix: null,
      is_tax_included: 0,
      is_staff_two_factor_required: 0,
      created_at: now,
      updated_at: now,
    });
    const channelId = newId('chn');
    await insertChannel(tx, { id: channelId, name: 'Online store', created_at: now, updated_at: now });
    const admin = await insertKey(tx, now, 'admin', { name: 'First admin key', token: keys.adminKey });
    const channel = await insertKey(tx, now, 'channel', { channelId, token: keys.channelKey });
    return { created: true, adminKey: admin.token, channelKey: channel.token, channelId };
  });
}

/** The name of the channel keys a server makes at its start for the shop it serves itself. */
export const SHOP_KEY_NAME = 'Shop front served by the API server';
/** A server's shop key unused this long is deleted when a server starts: the server that made it is gone. */
const IDLE_SHOP_KEY_SECONDS = 7 * 24 * 3600;

/**
 * A channel key of the first channel for the shop this server serves (keys are kept by hash only, so
 * a start cannot read the last one back): made at each start, and those no server used for a week
 * are deleted then. Other servers on the same database keep theirs.
 */
export async function makeShopKey(db: Db): Promise<string> {
  return db.transaction().execute(async (tx) => {
    const now = unixNow();
    await deleteIdleKeysNamed(tx, 'channel', SHOP_KEY_NAME, now - IDLE_SHOP_KEY_SECONDS);
    const channel = await findFirstChannel(tx);
    if (!channel) throw new Error('The store has no sales channel for its shop');
    return (await insertKey(tx, now, 'channel', { name: SHOP_KEY_NAME, channelId: channel.id })).token;
  });
}
