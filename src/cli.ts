#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import module from 'node:module';
import { availableParallelism } from 'node:os';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError, loadConfig } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { OperationRefused } from './lib/operation-refused.js';
import { Problem } from './lib/problem.js';

// Each command imports what it needs when it runs (`await import`): `--version`, `--help` and a
// usage error answer at once, and `migrate` or `keys` do not load the HTTP server. From Node 22 on,
// what those imports compile is kept on disk (Node's compile cache, under the system's temporary
// folder or NODE_COMPILE_CACHE), and the next start reads it instead of compiling again.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();

const usage: Record<string, string> = {
  serve: 'storefront serve [--workers N|auto]\n  Serves the API on HOST:PORT (default 127.0.0.1:8080) on DATABASE_URL, migrating it first; with --workers,\n  N API processes share the port (auto: one per core).',
  worker: 'storefront worker\n  Delivers webhooks and customer emails (and prunes old events and audit log entries) without serving HTTP; run it with STOREFRONT_WORKER=external on the servers.',
  migrate: 'storefront migrate [--to MIGRATION]\n  Brings the database schema of DATABASE_URL up to date; with --to, to the state after that migration,\n  undoing the later ones (to run an older release again).',
  users: 'storefront users create --email EMAIL --role owner|admin|catalog|fulfillment|read_only [--name NAME] [--password PASSWORD]\n  Makes a staff user. Without --password, prints a link (good once, for a week) where they choose one.',
  keys: 'storefront keys create --kind admin|read_only|channel [--channel chn_…] [--name NAME]\n  Creates a key and prints its token once.',
  seed: 'storefront seed --demo\n  Adds the demo catalogue to the store of DATABASE_URL, all of it or nothing; what the store has of it\n  already (a product, category, collection or shipping zone of the same name, a gateway of the same source)\n  is kept as it is.',
  backup: 'storefront backup PATH\n  Copies the SQLite database of DATABASE_URL to the new file PATH, consistently, while the server runs.\n  On PostgreSQL, prints the pg_dump command to use.',
  restore: 'storefront restore PATH [--force]\n  Replaces the SQLite database of DATABASE_URL with the backup PATH (checked, then migrated); the server\n  must be stopped, and --force is needed to replace a database that holds a store. On PostgreSQL, prints\n  the pg_restore commands to use.',
};

function help(command?: string): string {
  if (command && usage[command]) return `${usage[command]}\n`;
  return `Usage: storefront <command> [--help] [--version]\n\n${Object.values(usage).join('\n\n')}\n\nConfiguration comes from the environment; see README.md.\n`;
}

/** The package's version: src/ and dist/ both sit next to package.json. */
function version(): string {
  return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

/**
 * A command's arguments, parsed strictly: an unknown option, a missing value or a stray word is a
 * usage error that says which, followed by the command's usage.
 */
function parseCommand<O extends NonNullable<ParseArgsConfig['options']>>(command: string, args: string[], options: O, allowPositionals = false) {
  try {
    return parseArgs({ args, options, allowPositionals, strict: true });
  } catch (error) {
    if (!(error instanceof TypeError && String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS'))) throw error;
    // Node's message for an unknown option goes on about positionals; the first sentence says it.
    throw new ConfigError(`${error.message.replace(/\. To specify a positional.*$/s, '.')}\n\n${usage[command]}`);
  }
}

async function withDatabase<T>(run: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const [{ openConfiguredDatabase }, { migrateToLatest }, { ensureStore }] = await Promise.all([import('./db/database.js'), import('./db/migrate.js'), import('./bootstrap.js')]);
  const database = openConfiguredDatabase(config);
  try {
    await database.withDirectConnection(migrateToLatest);
    await ensureStore(database.db, { adminKey: config.adminKey, channelKey: config.channelKey });
    return await run(database);
  } finally {
    await database.close();
  }
}

const keyKinds = ['admin', 'read_only', 'channel'] as const;

async function createKey(args: string[]): Promise<void> {
  const { values, positionals } = parseCommand('keys', args, { kind: { type: 'string' }, channel: { type: 'string' }, name: { type: 'string' } }, true);
  if (positionals.length === 0) throw new ConfigError(`Missing the action: create.\n\n${usage.keys}`);
  if (positionals[0] !== 'create' || positionals.length > 1) throw new ConfigError(`Unknown action "${positionals.join(' ')}": the only one is create.\n\n${usage.keys}`);
  const kind = values.kind as (typeof keyKinds)[number] | undefined;
  if (kind === undefined) throw new ConfigError(`Missing --kind: admin, read_only or channel.\n\n${usage.keys}`);
  if (!keyKinds.includes(kind)) throw new ConfigError(`--kind must be admin, read_only or channel, not "${kind}".\n\n${usage.keys}`);
  if (values.channel !== undefined && kind !== 'channel') throw new ConfigError('--channel goes with --kind channel only.');
  const [{ insertKey }, { unixNow }] = await Promise.all([import('./modules/access/api-keys.service.js'), import('./lib/clock.js')]);
  const token = await withDatabase(async ({ db }) => {
    let channelId: string | null = null;
    if (kind === 'channel') {
      const channels = (await db.selectFrom('channels').select('id').orderBy('id').execute()).map((row) => row.id);
      channelId = values.channel ?? channels[0]!;
      if (!channels.includes(channelId)) throw new ConfigError(`No sales channel ${channelId}; the store's are: ${channels.join(', ')}.`);
    }
    return (await insertKey(db, unixNow(), kind, { name: values.name ?? null, channelId })).token;
  });
  process.stdout.write(`${token}\n`);
}

async function createUser(args: string[]): Promise<void> {
  const { values, positionals } = parseCommand('users', args, { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } }, true);
  if (positionals[0] !== 'create' || positionals.length !== 1) throw new ConfigError(`The only action is create.\n\n${usage.users}`);
  const [{ ROLES }, { makeUser }, { unixNow }] = await Promise.all([import('./modules/access/roles.js'), import('./modules/users/owner.js'), import('./lib/clock.js')]);
  const role = ROLES.find((name) => name === values.role);
  if (values.email === undefined) throw new ConfigError(`Missing --email.\n\n${usage.users}`);
  if (role === undefined) throw new ConfigError(`--role must be one of ${ROLES.join(', ')}.\n\n${usage.users}`);
  const config = loadConfig();
  const made = await withDatabase(({ db }) => makeUser(db, config, unixNow(), { email: values.email!, role, name: values.name, password: values.password }));
  process.stdout.write(made.invitationUrl
    ? `${made.email} (${made.role}) is made. To choose a password, open once, within a week:\n${made.invitationUrl}\n`
    : `${made.email} (${made.role}) is made and can sign in at ${config.publicUrl}/admin.\n`);
}

async function migrate(args: string[]): Promise<void> {
  const { values } = parseCommand('migrate', args, { to: { type: 'string' } });
  const target = values.to;
  if (target === undefined) {
    await withDatabase(async () => undefined);
    process.stdout.write('The database is up to date.\n');
    return;
  }
  const config = loadConfig();
  const [{ openConfiguredDatabase }, { migrateTo }] = await Promise.all([import('./db/database.js'), import('./db/migrate.js')]);
  const database = openConfiguredDatabase(config);
  try {
    await database.withDirectConnection((db) => migrateTo(db, target));
  } finally {
    await database.close();
  }
  process.stdout.write(`The database schema is at ${target}.\n`);
}

/** `--workers N` or `--workers auto` (one per core); 1 without the flag. */
function workerCount(args: string[]): number {
  const { values } = parseCommand('serve', args, { workers: { type: 'string' } });
  if (values.workers === undefined) return 1;
  if (values.workers === 'auto') return availableParallelism();
  const count = Number(values.workers);
  if (!Number.isInteger(count) || count < 1 || count > 64) throw new ConfigError('--workers must be auto or a whole number from 1 to 64');
  return count;
}

async function seed(args: string[]): Promise<void> {
  const { values } = parseCommand('seed', args, { demo: { type: 'boolean' } });
  if (!values.demo) throw new ConfigError(`Missing --demo: the demo catalogue is the one seed there is.\n\n${usage.seed}`);
  const { describeSeed, seedDemo } = await import('./demo.js');
  process.stdout.write(`${describeSeed(await withDatabase(seedDemo))}\n`);
}

/** The one PATH a backup or restore takes, and whether --force was given (restore only). */
function pathArgument(command: 'backup' | 'restore', args: string[]): { path: string; force: boolean } {
  const { values, positionals } = command === 'restore'
    ? parseCommand(command, args, { force: { type: 'boolean' } }, true)
    : { ...parseCommand(command, args, {}, true), values: { force: false } };
  if (positionals.length === 0) throw new ConfigError(`Missing PATH.\n\n${usage[command]}`);
  if (positionals.length > 1) throw new ConfigError(`One PATH only, not ${positionals.length}.\n\n${usage[command]}`);
  return { path: positionals[0]!, force: values.force === true };
}

/** `storefront backup PATH` and `storefront restore PATH`: SQLite files here; PostgreSQL's tools' job otherwise. */
async function backupOrRestore(command: 'backup' | 'restore', args: string[]): Promise<void> {
  const { path, force } = pathArgument(command, args);
  const config = loadConfig();
  const [{ backupSqlite, restoreSqlite, sqliteFileOf }, { postgresBackupGuide }] = await Promise.all([import('./db/backup.js'), import('./db/postgres-backup-guide.js')]);
  const file = sqliteFileOf(config.databaseUrl);
  if (file === undefined) throw new OperationRefused(postgresBackupGuide(command, config.databaseDirectUrl ?? config.databaseUrl, path));
  if (command === 'backup') {
    const { bytes } = await backupSqlite(file, path);
    process.stdout.write(`Backed up ${file} to ${path} (${(bytes / 1_048_576).toFixed(1)} MB, checked).\n`);
    return;
  }
  const { store } = await restoreSqlite(path, file, force);
  process.stdout.write(`Restored ${path} into ${file}${store === undefined ? '' : ` (store "${store}")`}, migrated to this release's schema. Start the server.\n`);
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === '--version' || command === 'version' || rest.includes('--version')) {
    process.stdout.write(`${version()}\n`);
    return;
  }
  if (!command || command === '--help' || command === 'help') {
    process.stdout.write(help());
    return;
  }
  if (rest.includes('--help')) {
    process.stdout.write(help(command));
    return;
  }
  switch (command) {
    case 'serve': {
      const config = loadConfig();
      const workers = workerCount(rest);
      return (await import('./server.js')).serve(config, workers);
    }
    case 'worker': {
      parseCommand('worker', rest, {});
      const config = loadConfig();
      return (await import('./worker.js')).work(config);
    }
    case 'migrate':
      return migrate(rest);
    case 'keys':
      return createKey(rest);
    case 'users':
      return createUser(rest);
    case 'seed':
      return seed(rest);
    case 'backup':
    case 'restore':
      return backupOrRestore(command, rest);
    default:
      throw new ConfigError(`Unknown command "${command}".\n\n${help()}`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  if (error instanceof OperationRefused) {
    process.stderr.write(`${error.message.trimEnd()}\n`);
    process.exit(1);
  }
  // A refusal of the services (the data does not allow it) is told as the API would tell it, without a trace.
  if (error instanceof Problem) {
    const fields = (error.errors ?? []).map((field) => `\n  ${field.field}: ${field.message}`).join('');
    process.stderr.write(`${error.message}${fields}\n`);
    process.exit(1);
  }
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
