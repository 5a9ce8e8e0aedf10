import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadEmbeddedPostgres } from './embedded-postgres.js';
import { freePort } from './ports.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin connection URL of the embedded PostgreSQL server, or '' when only SQLite is tested. */
    postgresUrl: string;
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

/** Starts one real PostgreSQL server for the whole run (unless TEST_DATABASE=sqlite). */
export default async function setup(project: TestProject) {
  keepVitestExitCode();
  if (process.env.TEST_DATABASE === 'sqlite') {
    project.provide('postgresUrl', '');
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
  project.provide('postgresUrl', `postgres://postgres:${password}@127.0.0.1:${port}/postgres`);
  return async () => {
    await server.stop();
    rmSync(parent, { recursive: true, force: true });
  };
}
