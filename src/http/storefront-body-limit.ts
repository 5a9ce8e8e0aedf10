import { Transform, type TransformCallback } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Problem } from '../lib/problem.js';
import { holdsMoreEntriesThan } from './input-guards.js';

/**
 * The largest body a storefront credential (channel key, customer token) may send. The largest valid
 * storefront body, a sign-up with 20 addresses of every field at its longest, is some 56 KB; reading
 * one of 64 KiB (parsing, validating, answering every fault) stays within a few milliseconds of the
 * API's thread, while 1 MiB of JSON members takes tens of milliseconds to parse alone.
 */
export const STOREFRONT_REQUEST_BODY_LIMIT = 64 * 1024;

/**
 * The most entries (members and list items) a storefront JSON body may hold. The largest valid one,
 * that sign-up with 20 addresses, holds under 300; within 64 KiB a body can hold 32,000, each a
 * fault the validator reports (some 8 ms of the API's thread for a list of 32,000 numbers).
 */
export const STOREFRONT_REQUEST_JSON_ENTRIES = 1_000;

/** The methods whose body Fastify never reads. */
const BODYLESS = new Set(['GET', 'HEAD', 'TRACE']);

const isStorefrontCredential = (request: FastifyRequest) => request.ctx?.actor.kind === 'channel' || request.ctx?.actor.kind === 'customer';

const tooLarge = () => new Problem('payload_too_large', `A storefront request's body may hold at most ${STOREFRONT_REQUEST_BODY_LIMIT} bytes`);

/** Passes the bytes through until more than `limit` have come, then fails with a 413. */
class ByteLimit extends Transform {
  private received = 0;
  /** Read by Fastify's body reader, which checks it against its own limit too. */
  receivedEncodedLength = 0;

  constructor(private readonly limit: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.received += chunk.length;
    this.receivedEncodedLength = this.received;
    if (this.received > this.limit) callback(tooLarge());
    else callback(null, chunk);
  }
}

/**
 * Refuses, with 413 `payload_too_large`, a storefront request whose body is larger than
 * STOREFRONT_REQUEST_BODY_LIMIT: by its Content-Length before a byte is read, or, sent in chunks,
 * as soon as the count passes it. Staff credentials keep the environment's STOREFRONT_BODY_LIMIT
 * (1 MiB by default). Runs after the credential is known (onRequest), before the body is parsed.
 */
export function registerStorefrontBodyLimit(app: FastifyInstance): void {
  app.addHook('preParsing', (request, _reply, payload, done) => {
    // A GET's body is never read: it costs nothing, and the document lists no 413 for reads.
    if (!isStorefrontCredential(request) || BODYLESS.has(request.method)) {
      done(null, payload);
      return;
    }
    const declared = request.headers['content-length'];
    if (declared !== undefined) {
      // Node's parser delivers no more bytes than the header declares.
      done(Number(declared) > STOREFRONT_REQUEST_BODY_LIMIT ? tooLarge() : null, payload);
      return;
    }
    // Counted only when sent in chunks without a declared length.
    done(null, payload.pipe(new ByteLimit(STOREFRONT_REQUEST_BODY_LIMIT)));
  });
}

/**
 * The problem with a storefront request's JSON body that holds more than
 * STOREFRONT_REQUEST_JSON_ENTRIES entries (413 `payload_too_large`), found before it is parsed;
 * undefined for any other body.
 */
export function storefrontJsonProblem(request: FastifyRequest, text: string): Problem | undefined {
  if (!isStorefrontCredential(request) || !holdsMoreEntriesThan(text, STOREFRONT_REQUEST_JSON_ENTRIES)) return undefined;
  return new Problem('payload_too_large', `A storefront request's JSON body may hold at most ${STOREFRONT_REQUEST_JSON_ENTRIES} members and list items`);
}
