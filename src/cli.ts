#!/usr/bin/env node
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { ensureStore } from './bootstrap.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { migrateTo, migrateToLatest } from './db/migrate.js';
import { seedDemo } from './demo.js';
import { unixNow } from './lib/clock.js';
import { insertKey } from './modules/access/api-keys.service.js';
import { serve } from './server.js';
import { work } from './worker.js';

const usage: Record<string, string> = {
  serve: 'storefront serve [--workers N|auto]\n  Serves the API on HOST:PORT (default 127.0.0.1:8080) on DATABASE_URL, migrating it first; with --workers,\n  N API processes share the port (auto: one per core).',
  worker: 'storefront worker\n  Delivers webhooks (and prunes old events) without serving HTTP; run it with STOREFRONT_WORKER=external on the servers.',
  migrate: 'storefront migrate [--to MIGRATION]\n  Brings the database schema of DATABASE_URL up to date; with --to, to the state after that migration,\n  undoing the later ones (to run an older release again).',
  keys: 'storefront keys create --kind admin|read_only|channel [--channel chn_…] [--name NAME]\n  Creates a key and prints its token once.',
  seed: 'storefront seed --demo\n  Adds the demo catalogue to the store of DATABASE_URL.',
};

function help(command?: string): string {
  if (command && usage[command]) return `${usage[command]}\n`;
  return `Usage: storefront <command> [--help]\n\n${Object.values(usage).join('\n\n')}\n\nConfiguration comes from the environment; see README.md.\n`;
}

async function withDatabase<T>(run: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database.db);
    await ensureStore(database.db, { adminKey: config.adminKey, channelKey: config.channelKey });
    return await run(database);
  } finally {
    await database.close();
  }
}

async function createKey(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { kind: { type: 'string' }, channel: { type: 'string' }, name: { type: 'string' } },
  });
  const kind = values.kind;
  if (positionals[0] !== 'create' || (kind !== 'admin' && kind !== 'read_only' && kind !== 'channel')) {
    throw new ConfigError(usage.keys!);
  }
  const token = await withDatabase(async ({ db }) => {
    let channelId = values.channel ?? null;
    if (kind === 'channel' && !channelId) {
      channelId = (await db.selectFrom('channels').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    }
    return (await insertKey(db, unixNow(), kind, { name: values.name ?? null, channelId: kind === 'channel' ? channelId : null })).token;
  });
  process.stdout.write(`${token}\n`);
}

async function migrate(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { to: { type: 'string' } } });
  const target = values.to;
  if (target === undefined) {
    await withDatabase(async () => undefined);
    process.stdout.write('The database is up to date.\n');
    return;
  }
  const database = openDatabase(loadConfig().databaseUrl);
  try {
    await migrateTo(database.db, target);
  } finally {
    await database.close();
  }
  process.stdout.write(`The database schema is at ${target}.\n`);
}

/** `--workers N` or `--workers auto` (one per core); 1 without the flag. */
function workerCount(args: string[]): number {
  const { values } = parseArgs({ args, options: { workers: { type: 'string' } } });
  if (values.workers === undefined) return 1;
  if (values.workers === 'auto') return availableParallelism();
  const count = Number(values.workers);
  if (!Number.isInteger(count) || count < 1 || count > 64) throw new ConfigError('--workers must be auto or a whole number from 1 to 64');
  return count;
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === 'help') {
    process.stdout.write(help());
    return;
  }
  if (rest.includes('--help')) {
    process.stdout.write(help(command));
    return;
  }
  switch (command) {
    case 'serve':
      return serve(loadConfig(), workerCount(rest));
    case 'worker':
      return work(loadConfig());
    case 'migrate':
      return migrate(rest);
    case 'keys':
      return createKey(rest);
    case 'seed':
      if (!rest.includes('--demo')) throw new ConfigError(usage.seed!);
      await withDatabase(seedDemo);
      process.stdout.write('The demo catalogue was added.\n');
      return;
    default:
      throw new ConfigError(`Unknown command "${command}".\n\n${help()}`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
