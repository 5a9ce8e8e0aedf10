import type { Readable } from 'node:stream';
import { LocalStorage } from './local-storage.js';

/** Where uploaded bytes live. Keys are the server's own (`fil_….png`), never a client's name. */
export interface FileStorage {
  /** A description for logs and errors: `local ./data/files`, `s3://bucket/prefix`. */
  readonly description: string;
  put(key: string, bytes: Buffer, mimeType: string): Promise<void>;
  /**
   * Writes what `source` yields under `key` without holding it in memory (an export of any length).
   * Nothing is stored under the key unless the whole source was written: a source that throws leaves none.
   */
  putStream(key: string, source: AsyncIterable<string | Uint8Array>, mimeType: string): Promise<void>;
  /** The stored bytes, or null when there are none under this key. */
  read(key: string): Promise<Readable | null>;
  /** Removes the bytes; removing what is not there is not an error. */
  remove(key: string): Promise<void>;
  close(): void;
}

/**
 * The storage `STOREFRONT_FILES` names: `s3://bucket/prefix` for an S3-compatible bucket (endpoint,
 * region and credentials from the usual AWS variables), anything else a local directory.
 */
export async function openStorage(location: string, env: NodeJS.ProcessEnv = process.env): Promise<FileStorage> {
  // The AWS SDK is loaded only by servers that use a bucket: it weighs tens of megabytes in memory.
  if (location.startsWith('s3://')) return (await import('./s3-storage.js')).S3Storage.fromUrl(location, env);
  return new LocalStorage(location);
}
