/**
 * What a browser loads of the built dashboard (admin/dist) before its first screen: the entry
 * script and the chunks index.html preloads, with their gzip sizes (the .gz the build writes beside
 * each). Free of vitest, so bench/ shares it.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const ADMIN_DIST = join(import.meta.dirname, '..', '..', 'admin', 'dist');

export interface Chunk {
  file: string;
  bytes: number;
  gzip: number;
}

function chunk(file: string): Chunk {
  const path = join(ADMIN_DIST, 'assets', file);
  return { file, bytes: statSync(path).size, gzip: statSync(`${path}.gz`).size };
}

/** The scripts of the first load, as index.html names them (its entry and its module preloads). */
export function firstLoadScripts(): Chunk[] {
  const page = readFileSync(join(ADMIN_DIST, 'index.html'), 'utf8');
  const files = [...page.matchAll(/(?:src|href)="\/admin\/assets\/([^"]+\.js)"/g)].map((match) => match[1]!);
  return [...new Set(files)].map(chunk);
}

/** Every other script: the screens' chunks, loaded when first visited. */
export function lazyScripts(): Chunk[] {
  const first = new Set(firstLoadScripts().map((script) => script.file));
  return readdirSync(join(ADMIN_DIST, 'assets'))
    .filter((file) => file.endsWith('.js') && !first.has(file))
    .map(chunk);
}
