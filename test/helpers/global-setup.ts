import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { loadEmbeddedPostgres } from './embedded-postgres.js';
import { freePort } from './ports.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin connection URL of the embedded PostgreSQL server, or '' when only SQLite is tested. */
    postgresUrl: string;
    /** The database on that server migrated to the latest schema, from which fresh ones are copied. */
    postgresTemplate: string;
  }
}

/**
 * embedded-postgres, once imported, ends the process from a 'beforeExit' hook (async-exit-hook) with
 * code 0, over the exit code vitest has set: a run with failing tests would pass. Vitest's code goes
 * first.
 */
function keepVitestExitCode(): void {
  process.prependListener('beforeExit', () => {
    if (process.exitCode) process.exit(process.exitCode);
  });
}

/**
 * A database migrated to the latest schema once, for the whole run: each test's fresh database is a
 * copy of it (CREATE DATABASE … TEMPLATE) instead of every migration run again. No one may
 * connect to it, so the copies never find it busy.
 */
async function migratedTemplate(adminUrl: string): Promise<string> {
  const name = 'storefront_template';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const template = openDatabase(adminUrl.replace(/\/postgres$/, `/${name}`));
    try {
      await template.withDirectConnection(migrateToLatest);
    } finally {
      await template.close();
    }
    await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
  } finally {
    await admin.end();
  }
  return name;
}

/** Starts one real PostgreSQL server for the whole run (unless TEST_DATABASE=sqlite). */
export default async function setup(project: TestProject) {
  keepVitestExitCode();
  if (process.env.TEST_DATABASE === 'sqlite') {
    project.provide('postgresUrl', '');
    project.provide('postgresTemplate', '');
    return;
  }
  // As root, initdb runs as the postgres user: every folder on the way must be open to it.
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const parent = mkdtempSync(join(tmpdir(), 'storefront-pg-'));
  chmodSync(parent, 0o755);
  const port = await freePort();
  const password = 'storefront-test';
  const server = new EmbeddedPostgres({
    databaseDir: join(parent, 'data'),
    user: 'postgres',
    password,
    port,
    persistent: false,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'max_connections=300'],
    onLog: () => {},
    onError: () => {},
  });
  await server.initialise();
  await server.start();
  const stop = async () => {
    await server.stop();
    rmSync(parent, { recursive: true, force: true });
  };
  const adminUrl = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  project.provide('postgresUrl', adminUrl);
  try {
    project.provide('postgresTemplate', await migratedTemplate(adminUrl));
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}
