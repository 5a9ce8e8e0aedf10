import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';

export interface PostOptions {
  headers: Record<string, string>;
  /** Aborts the request (and its connection) when it fires. */
  signal: AbortSignal;
  /** Chooses the addresses the connection may use; the system's resolver when absent. */
  lookup?: LookupFunction;
}

/**
 * POSTs a body on a connection of its own and answers the status once the answer's headers arrive;
 * the answer's body is never read, and redirects are not followed. Node's own client rather than
 * `fetch`, because its connection takes a `lookup`: the address connected to is the one that lookup
 * handed over, never a second resolution of the name.
 */
export function postOnce(url: string, body: string, options: PostOptions): Promise<number> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(target, {
      method: 'POST',
      agent: false,
      headers: { ...options.headers, 'content-length': String(Buffer.byteLength(body)) },
      signal: options.signal,
      lookup: options.lookup,
    }, (response) => {
      resolve(response.statusCode ?? 0);
      response.destroy();
    });
    request.on('error', reject);
    request.end(body);
  });
}
