import { buildApp } from './app.js';
import { ensureStore } from './bootstrap.js';
import type { Config } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemo } from './demo.js';
import { openStorage } from './modules/files/storage.js';
import { startWorker } from './worker.js';

function announce(config: Config, first: Awaited<ReturnType<typeof ensureStore>>): void {
  if (!first.created) return;
  const lines = ['A new store was created.'];
  lines.push(config.adminKey ? 'Admin key: from STOREFRONT_ADMIN_KEY' : `Admin key:   ${first.adminKey}   (shown once; keep it)`);
  lines.push(config.channelKey ? 'Channel key: from STOREFRONT_CHANNEL_KEY' : `Channel key: ${first.channelKey}   (shown once)`);
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

/**
 * Runs the HTTP server until SIGTERM or SIGINT: migrates, sets up a new store on first start (with
 * the demo catalogue unless STOREFRONT_DEMO=0), then listens. On a signal it stops taking
 * connections, lets in-flight requests finish, and closes the database.
 */
export async function serve(config: Config): Promise<void> {
  const database = openDatabase(config.databaseUrl);
  await migrateToLatest(database.db);
  const first = await ensureStore(database.db, { adminKey: config.adminKey, channelKey: config.channelKey });
  if (first.created && config.demo) await seedDemo(database);
  announce(config, first);

  const storage = await openStorage(config.files);
  const files = { storage, maxBytes: config.fileMaxBytes, types: config.fileTypes, baseUrl: config.filesUrl };
  const app = await buildApp({ database, config, files });
  const worker = config.worker === 'internal' ? startWorker(database, config, app.log) : undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await worker?.stop();
    storage.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ host: config.host, port: config.port });
}
