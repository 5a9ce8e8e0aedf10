import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the thread copies the log's committed pages into the database file. */
const CHECKPOINT_EVERY_MS = 100;

// Plain JavaScript run by the thread (the same under tsx, Vitest and the build): it opens its own
// connection and checkpoints without waiting for anyone (PASSIVE: never blocks readers or writers).
const THREAD_CODE = `
const { workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 0');
// Checkpoints copy the log's frames straight to the file: no page cache needed.
db.pragma('cache_size = 8');
setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy: the next turn copies it */ }
}, workerData.everyMs);
`;

/**
 * Copies the write-ahead log into the database file from a thread of its own. Otherwise the commit
 * that crosses `wal_autocheckpoint` copies thousands of pages itself, holding the API's only thread
 * for 30–50 ms (a checkout flow's slowest answers); kept small by this thread, the log seldom
 * reaches that size, which stays as the fallback. Returns what stops the thread.
 */
export function checkpointInBackground(file: string): () => Promise<void> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  // It allocates next to nothing: a small heap keeps the process's memory as it was without it.
  const resourceLimits = { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 1 };
  const thread = new Worker(THREAD_CODE, { eval: true, resourceLimits, workerData: { driver, file, everyMs: CHECKPOINT_EVERY_MS } });
  // A thread that cannot open the file leaves checkpoints to the commits, as without it.
  thread.on('error', () => {});
  thread.unref();
  return async () => {
    await thread.terminate();
  };
}
