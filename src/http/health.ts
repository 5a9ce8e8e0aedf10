import { sql } from 'kysely';
import { Type } from 'typebox';
import type { DatabaseHandle } from '../db/database.js';
import { Problem } from '../lib/problem.js';
import { ok } from './common-schemas.js';
import type { App } from './types.js';

const Status = Type.Object({ status: Type.String() });
const READY_TIMEOUT_MS = 2_000;

/** `/health`: the process answers. `/ready`: the database answers too (for load balancers). */
export function registerHealth(app: App, handle: DatabaseHandle): void {
  const config = { access: 'public' as const, rateLimit: false as const };
  app.get('/health', { config, schema: { tags: ['Health'], summary: 'The process is up', response: ok(Status) } }, async () => ({ status: 'ok' }));

  app.get('/ready', { config, schema: { tags: ['Health'], summary: 'The database is reachable', response: ok(Status) } }, async () => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS);
    });
    try {
      await Promise.race([sql`select 1`.execute(handle.db), timeout]);
      return { status: 'ready' };
    } catch {
      throw new Problem('unavailable', 'The database is not reachable');
    } finally {
      clearTimeout(timer);
    }
  });
}
