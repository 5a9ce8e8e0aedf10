import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { OperationRefused } from '../lib/operation-refused.js';
import { openDatabase } from './database.js';
import { migrateToLatest, migrationNames } from './migrate.js';
import { isBusy } from './sqlite-write-lock.js';

/**
 * `storefront backup` and `storefront restore` on an SQLite file. A backup is SQLite's online backup
 * of the whole file in one step, so one read transaction: a consistent snapshot while the server
 * goes on writing (WAL lets it), as a crash at that instant would have left the file. A restore
 * replaces a stopped server's database with a checked backup, migrated, in one rename.
 */

/** The SQLite file of a `sqlite:PATH` URL; undefined for PostgreSQL. */
export function sqliteFileOf(databaseUrl: string): string | undefined {
  if (!databaseUrl.startsWith('sqlite:')) return undefined;
  const file = databaseUrl.slice('sqlite:'.length);
  if (file === '' || file === ':memory:') throw new OperationRefused('DATABASE_URL names an in-memory database: there is no file to back up or restore.');
  return file;
}

/**
 * Copies the database file `file` to `target` (which must not exist) while it may be in use, then
 * checks the copy. The copy is one self-contained file (no -wal beside it); `target` appears only
 * once it is complete.
 * @throws OperationRefused when there is no database at `file` or `target` exists.
 */
export async function backupSqlite(file: string, target: string): Promise<{ bytes: number }> {
  if (!existsSync(file)) throw new OperationRefused(`There is no database at ${file}.`);
  if (existsSync(target)) throw new OperationRefused(`${target} exists already: back up to a new file.`);
  mkdirSync(dirname(resolve(target)), { recursive: true });
  const partial = `${target}.partial-${process.pid}`;
  const source = new SQLite(file, { fileMustExist: true });
  try {
    await copyInOneStep(source, partial);
    makeSelfContained(partial);
    renameSync(partial, target);
  } finally {
    source.close();
    removeDatabaseFiles(partial);
  }
  return { bytes: statSync(target).size };
}

/**
 * Replaces the database at `file` with the backup at `source`: checked first (an SQLite file,
 * intact, a Storefront database this release can run), copied beside `file`, migrated to this
 * release's schema, then renamed over `file`, so a failure at any step leaves `file` as it was.
 * @throws OperationRefused when the backup is not one, when another process has `file` open (a
 * server must be stopped first), or when `file` holds a store and `force` is not set.
 */
export async function restoreSqlite(source: string, file: string, force: boolean): Promise<{ store: string | undefined }> {
  if (resolve(source) === resolve(file)) throw new OperationRefused(`${source} is the configured database itself.`);
  const backup = openBackup(source);
  try {
    claimTarget(file, force);
    mkdirSync(dirname(resolve(file)), { recursive: true });
    const restoring = `${file}.restoring-${process.pid}`;
    try {
      await copyInOneStep(backup, restoring);
      const restored = openDatabase(`sqlite:${restoring}`);
      try {
        await migrateToLatest(restored.db);
      } finally {
        await restored.close();
      }
      makeSelfContained(restoring);
      // A log beside the file now would be a process that opened it since it was claimed; replayed
      // onto the restored file, its pages would corrupt it.
      if (existsSync(`${file}-wal`)) throw new OperationRefused(`${file} was opened by another process during the restore: stop it and restore again.`);
      rmSync(`${file}-shm`, { force: true });
      renameSync(restoring, file);
    } finally {
      removeDatabaseFiles(restoring);
    }
    return { store: storeName(backup) };
  } finally {
    backup.close();
  }
}

/**
 * The backup, opened read-only and checked.
 * @throws OperationRefused when it is missing, not SQLite, damaged, not Storefront's, or newer than this release.
 */
function openBackup(source: string): SQLite.Database {
  if (!existsSync(source)) throw new OperationRefused(`There is no file at ${source}.`);
  const backup = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    const tables = tablesOf(backup, `${source} is not an SQLite database`);
    if (!tables.has('kysely_migration') || !tables.has('stores')) throw new OperationRefused(`${source} is not a Storefront database (it has no migrations table or no store).`);
    const problems = (backup.pragma('integrity_check') as Array<{ integrity_check: string }>).map((row) => row.integrity_check);
    if (problems[0] !== 'ok') throw new OperationRefused(`${source} is damaged (integrity_check):\n  ${problems.slice(0, 10).join('\n  ')}`);
    const unknown = (backup.prepare('select name from kysely_migration').pluck().all() as string[]).filter((name) => !migrationNames.includes(name));
    if (unknown.length > 0) throw new OperationRefused(`${source} was made by a newer release (migrations ${unknown.join(', ')}): restore it with that release.`);
    return backup;
  } catch (error) {
    backup.close();
    throw error;
  }
}

/**
 * Makes sure no process has `file` open and that replacing it loses nothing unasked. Leaving WAL
 * mode needs every other connection closed, so it is the test of a running server (or worker, or
 * CLI command): the server keeps its connections open while it runs. It also folds the log into the
 * file, which is then alone on disk.
 */
function claimTarget(file: string, force: boolean): void {
  if (!existsSync(file)) return;
  const target = new SQLite(file, { fileMustExist: true });
  try {
    target.pragma('busy_timeout = 0');
    try {
      target.pragma('journal_mode = DELETE');
    } catch (error) {
      if (isBusy(error)) throw new OperationRefused(`${file} is open in another process (a running storefront server or worker): stop it, then restore.`);
      if (!force) throw new OperationRefused(`${file} is not an SQLite database (${(error as Error).message}); run again with --force to replace it.`);
      return;
    }
    const store = storeName(target);
    if (store !== undefined && !force) {
      const orders = tablesOf(target, '').has('orders') ? (target.prepare('select count(*) from orders').pluck().get() as number) : 0;
      throw new OperationRefused(`${file} holds the store "${store}" (${orders} orders), which the restore would replace: run again with --force to replace it.`);
    }
  } finally {
    target.close();
  }
}

/** Copies the whole database in one step of SQLite's backup API, so in one read transaction. */
async function copyInOneStep(source: SQLite.Database, destination: string): Promise<void> {
  // Pages copied in several steps would be started over whenever the server commits between two of them.
  await source.backup(destination, { progress: () => 0x7fffffff });
}

/** Leaves `file` in rollback-journal mode: one file, with no -wal or -shm to lose beside it. The server sets WAL again when it opens it. */
function makeSelfContained(file: string): void {
  const database = new SQLite(file, { fileMustExist: true });
  try {
    database.pragma('journal_mode = DELETE');
    const check = database.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`the copy at ${file} failed its check: ${String(check)}`);
  } finally {
    database.close();
  }
}

function tablesOf(database: SQLite.Database, notSqlite: string): Set<string> {
  try {
    return new Set(database.prepare("select name from sqlite_master where type = 'table'").pluck().all() as string[]);
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_NOTADB') throw new OperationRefused(`${notSqlite}.`);
    throw error;
  }
}

function storeName(database: SQLite.Database): string | undefined {
  if (!tablesOf(database, '').has('stores')) return undefined;
  return database.prepare('select name from stores order by id limit 1').pluck().get() as string | undefined;
}

function removeDatabaseFiles(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
}
