import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Ctx } from '../../lib/context.js';
import { unixNow } from '../../lib/clock.js';
import { Problem } from '../../lib/problem.js';
import { deleteFile, uploadFile, type FilesSettings } from '../files/files.service.js';
import { checkedLookup, formRefusal, type Resolve } from '../webhooks/url-safety.js';
import * as repo from './imports.repo.js';

export interface ImageFetchSettings {
  files: FilesSettings;
  /** Lets images come from private and loopback addresses, as webhooks may (STOREFRONT_WEBHOOKS_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  /** How long one image may take to arrive whole. */
  timeoutMs: number;
  /** How names are resolved: the system's resolver unless a test gives its own. */
  resolve?: Resolve;
}

/** What became of an image URL: the file now holding it, or why there is none. */
export type FetchedImage = { fileId: string } | { error: string };

const MAX_REDIRECTS = 3;

/** The answer to one GET, its body not yet read; redirects are the caller's to follow. */
function getOnce(url: URL, settings: ImageFetchSettings, signal: AbortSignal): Promise<IncomingMessage> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(url, {
      method: 'GET',
      agent: false,
      headers: { 'user-agent': 'Storefront-Import/1', accept: 'image/*' },
      signal,
      lookup: settings.allowPrivate ? undefined : checkedLookup(settings.resolve),
    }, resolve);
    request.on('error', reject);
    request.end();
  });
}

async function readAtMost(response: IncomingMessage, maxBytes: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      response.destroy();
      return undefined;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The bytes at an image URL, under the webhooks' address rules: http(s) only, no credentials, and
 * (unless private addresses are allowed) a connection only to addresses judged public in the one
 * resolution it uses. Up to three redirects are followed, each judged again.
 */
async function fetchBytes(source: string, settings: ImageFetchSettings): Promise<{ bytes: Buffer } | { error: string }> {
  const signal = AbortSignal.timeout(settings.timeoutMs);
  let url = source;
  try {
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const refusal = formRefusal(url, settings.allowPrivate);
      if (refusal) return { error: `${refusal}` };
      const response = await getOnce(new URL(url), settings, signal);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.destroy();
        url = new URL(response.headers.location, url).toString();
        continue;
      }
      if (status < 200 || status >= 300) {
        response.destroy();
        return { error: `could not be fetched: the server answered ${status}` };
      }
      const bytes = await readAtMost(response, settings.files.maxBytes);
      if (!bytes) return { error: `could not be fetched: it is larger than ${settings.files.maxBytes} bytes` };
      return { bytes };
    }
    return { error: `could not be fetched: more than ${MAX_REDIRECTS} redirects` };
  } catch (error) {
    if (signal.aborted) return { error: `could not be fetched: no answer within ${settings.timeoutMs} ms` };
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EPRIVATEADDRESS') return { error: 'resolves to a private, loopback or link-local address' };
    return { error: `could not be fetched: ${(error as Error).message}` };
  }
}

/** The last segment of a URL's path, decoded where it can be (`50%off.jpg` is no escape: kept as written). */
function fileNameOf(source: string): string {
  const last = new URL(source).pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last) || 'image';
  } catch {
    return last || 'image';
  }
}

/** The image kept from this URL: the file an earlier import made, else fetched and uploaded now. */
async function importImage(ctx: Ctx, source: string, settings: ImageFetchSettings): Promise<FetchedImage> {
  const known = await repo.findImportedImage(ctx.db, source);
  if (known) return { fileId: known };
  const fetched = await fetchBytes(source, settings);
  if ('error' in fetched) return fetched;
  const filename = fileNameOf(source);
  let fileId: string;
  try {
    // Kept as an upload is: its type sniffed from the bytes, and only images taken.
    fileId = (await uploadFile(ctx, { ...settings.files, types: ['image/*'] }, { bytes: fetched.bytes, filename })).id;
  } catch (error) {
    if (error instanceof Problem && error.code !== 'unavailable') return { error: `is not an image: ${error.message}` };
    throw error;
  }
  const kept = await repo.keepImportedImage(ctx.db, { source_url: source, file_id: fileId, created_at: unixNow() });
  // Another import fetched the same image meanwhile: its file is the one kept, this one goes.
  if (kept !== fileId) await deleteFile(ctx, settings.files.storage, fileId);
  return { fileId: kept };
}

/** How many images are fetched at once. */
const CONCURRENT_FETCHES = 4;

/**
 * Fetches the images of a batch, outside its transaction (a slow server must not hold the
 * database), each URL once: an image already imported is reused. Storage failures are thrown (the
 * batch is tried again later); an image that cannot be had is that URL's error.
 */
export async function importImages(ctx: Ctx, urls: Iterable<string>, settings: ImageFetchSettings): Promise<Map<string, FetchedImage>> {
  const results = new Map<string, FetchedImage>();
  const queue = [...new Set(urls)];
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) results.set(url, await importImage(ctx, url, settings));
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_FETCHES, queue.length) }, worker));
  return results;
}
