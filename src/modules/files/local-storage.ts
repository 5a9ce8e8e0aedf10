import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStorage } from './storage.js';

const KEY = /^[a-z0-9][a-z0-9._-]*$/;

/** Files in a local directory, one per key. */
export class LocalStorage implements FileStorage {
  readonly description: string;
  private readonly root: string;

  constructor(directory: string) {
    this.root = resolve(directory);
    this.description = `local ${directory}`;
  }

  private pathOf(key: string): string {
    // Keys are made by the server; the check keeps a bug from ever writing outside the directory.
    if (!KEY.test(key)) throw new Error(`not a storage key: ${key}`);
    return join(this.root, key);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(this.root, { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const partial = `${path}.partial`;
    await writeFile(partial, bytes);
    await rename(partial, path);
  }

  async putStream(key: string, source: AsyncIterable<string | Uint8Array>): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(this.root, { recursive: true });
    const partial = `${path}.partial`;
    try {
      await pipeline(Readable.from(source), createWriteStream(partial));
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    await rename(partial, path);
  }

  async read(key: string): Promise<Readable | null> {
    const path = this.pathOf(key);
    try {
      await stat(path);
    } catch {
      return null;
    }
    return createReadStream(path);
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  close(): void {}
}
