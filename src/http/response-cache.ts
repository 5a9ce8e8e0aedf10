import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { changesAnnounced, type ChangeFeed } from '../db/change-feed.js';
import { appendRouteHook } from './route-hooks.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The storefront's answers to this GET route may be kept in memory (see ResponseCache). */
    cache?: boolean;
  }
  interface FastifyRequest {
    cacheSlot: { key: string; stamp: string } | null;
    /** Changes this process had announced when the request came in. */
    changesAtStart: number;
  }
}

const MAX_BYTES = 32 * 1024 * 1024;

interface Entry {
  /** The answer's bytes, encoded once: a hit sends them as they are. */
  payload: Buffer;
  stamp: string;
  expires: number;
}

/**
 * The storefront's catalogue answers, kept in memory by channel and URL. An entry is served only
 * while nothing has changed since it was made: no change through this process (a request that wrote
 * announced a change drops the cache when it ends) and none through another (the database's change feed). The time to
 * live bounds what no write announces: a product whose `available_at` comes shows up within it.
 * Staff (admin keys) always read the database.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private writes = 0;

  constructor(private readonly feed: ChangeFeed, private readonly ttlMs: number) {}

  /** What an entry made now would be valid for; null when changes cannot be seen (keep nothing). */
  stamp(): string | null {
    const version = this.feed.version();
    return version === null ? null : `${this.writes}:${version}`;
  }

  get(key: string, stamp: string): Buffer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.stamp !== stamp || entry.expires <= Date.now()) {
      this.remove(key, entry);
      return undefined;
    }
    return entry.payload;
  }

  /** Keeps an answer made under `stamp`, unless something changed while it was being made. */
  set(key: string, text: string, stamp: string): void {
    if (stamp !== this.stamp() || text.length > MAX_BYTES / 16) return;
    const payload = Buffer.from(text);
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    while (this.bytes + payload.length > MAX_BYTES && this.entries.size > 0) {
      const [oldestKey, oldest] = this.entries.entries().next().value!;
      this.remove(oldestKey, oldest);
    }
    this.entries.set(key, { payload, stamp, expires: Date.now() + this.ttlMs });
    this.bytes += payload.length;
  }

  /** A write happened in this process: nothing kept before it may be served. */
  dropAll(): void {
    this.writes += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.payload.length;
  }
}

/**
 * Serves and fills the cache for channel-key GETs of routes with `config.cache`; answers say
 * `x-cache: hit|miss`. The feed is the app's (buildApp opens, awaits and closes it).
 */
export function registerResponseCache(app: FastifyInstance, feed: ChangeFeed, ttlMs: number): ResponseCache {
  const cache = new ResponseCache(feed, ttlMs);
  app.decorateRequest('cacheSlot', null);

  // The hooks of the cached path are synchronous (callback style): no promise per request.
  const serve = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const actor = request.ctx.actor;
    const stamp = request.method === 'GET' && actor.kind === 'channel' ? cache.stamp() : null;
    if (stamp === null || actor.kind !== 'channel') return done();
    // The market, country and locale are in the URL; without one, Accept-Language chooses the locale (locale-answers.ts).
    const key = `${actor.channelId} ${request.url} ${request.headers['accept-language'] ?? ''}`;
    const payload = cache.get(key, stamp);
    if (payload !== undefined) {
      // Answered here: the handler does not run (and `done` is not called).
      reply.header('x-cache', 'hit').type('application/json; charset=utf-8').send(payload);
      return;
    }
    request.cacheSlot = { key, stamp };
    reply.header('x-cache', 'miss');
    done();
  };

  const keep = (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
    const slot = request.cacheSlot;
    if (slot && reply.statusCode === 200 && typeof payload === 'string') cache.set(slot.key, payload, slot.stamp);
    done(null, payload);
  };

  app.addHook('onRoute', (route) => {
    if (!route.config?.cache) return;
    appendRouteHook(route, 'onRequest', serve);
    appendRouteHook(route, 'onSend', keep);
  });

  // Every change of what the storefront reads is announced (recording an event announces it too). A
  // write request during which changes were announced drops the cache once it has answered (after its
  // commit); writes that announce none (carts, checkouts) leave it.
  app.decorateRequest('changesAtStart', 0);
  app.addHook('onRequest', (request, _reply, done) => {
    request.changesAtStart = changesAnnounced();
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && changesAnnounced() !== request.changesAtStart) cache.dropAll();
    done();
  });
  return cache;
}
