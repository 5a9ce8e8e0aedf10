import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimJob, renewJobClaim } from '../../../src/db/claim-job.js';
import type { DatabaseHandle } from '../../../src/db/database.js';
import { finishImport, findImport, insertImport, listImportErrors, recordImportStep } from '../../../src/modules/imports/imports.repo.js';
import { freshDatabase, testDatabases } from '../../helpers/test-app.js';

// The import job's life in the database, which is what lets it survive a restart: one worker holds a
// job at a time, a dead worker's job is taken over where its last committed step left it, and a
// worker that lost its claim can record nothing more.

const LOCK_MS = 60_000;

for (const kind of testDatabases()) {
  describe(`import jobs [${kind}]`, () => {
    let handle: DatabaseHandle;
    beforeAll(async () => {
      handle = await freshDatabase(kind);
    });
    afterAll(async () => {
      await handle.close();
    });

    /** A queued job, alone in the queue: earlier tests' jobs are finished first. */
    async function queuedJob() {
      await handle.db.updateTable('imports').set({ status: 'succeeded', locked_until: null }).where('status', 'in', ['queued', 'running']).execute();
      return insertImport(handle.db, { kind: 'products', storageKey: 'imp_test.csv', filename: 'products_export.csv', size: 1234 });
    }

    it('gives a queued job to one worker, running, and to no other while the claim lasts', async () => {
      const job = await queuedJob();
      const [first, second] = await Promise.all([claimJob(handle, 'imports', LOCK_MS), claimJob(handle, 'imports', LOCK_MS)]);
      const claimed = [first, second].filter((row) => row !== undefined);
      expect(claimed).toHaveLength(1);
      expect(claimed[0]).toMatchObject({ id: job.id, status: 'running', attempts: 1, checkpoint_row: 1 });
      expect(claimed[0]!.started_at).toEqual(expect.any(Number));
      expect(await claimJob(handle, 'imports', LOCK_MS)).toBeUndefined();
    });

    it('gives a dead worker\'s job to the next once its claim runs out, resuming after its last committed step', async () => {
      const job = await queuedJob();
      // The first worker's claim is already over when it is made: it stands for a worker that died.
      const dead = (await claimJob(handle, 'imports', -1))!;
      const recorded = await handle.db.transaction().execute((tx) =>
        recordImportStep(tx, job.id, dead.locked_until!, { throughRow: 5, rows: 4, created: 1, updated: 0, errors: [{ row: 4, field: 'Variant Price', message: 'must be an amount such as 19.99' }] }));
      expect(recorded).toBe(true);

      const next = (await claimJob(handle, 'imports', LOCK_MS))!;
      expect(next).toMatchObject({ id: job.id, status: 'running', attempts: 2, checkpoint_row: 5, processed_rows: 4, created: 1, error_count: 1, started_at: dead.started_at });

      // The dead worker, come back, can neither record a step nor renew nor finish the job.
      expect(await handle.db.transaction().execute((tx) =>
        recordImportStep(tx, job.id, dead.locked_until!, { throughRow: 9, rows: 4, created: 2, updated: 0, errors: [] }))).toBe(false);
      expect(await renewJobClaim(handle, 'imports', job.id, dead.locked_until!, LOCK_MS)).toBeUndefined();
      expect(await finishImport(handle.db, job.id, dead.locked_until!, { failure: null })).toBe(false);
      expect(await findImport(handle.db, job.id)).toMatchObject({ status: 'running', checkpoint_row: 5, processed_rows: 4 });
    });

    it('counts each step and lists its row errors in the order found, then finishes the job', async () => {
      const job = await queuedJob();
      const claimed = (await claimJob(handle, 'imports', LOCK_MS))!;
      const heldUntil = (await renewJobClaim(handle, 'imports', job.id, claimed.locked_until!, LOCK_MS))!;
      expect(heldUntil).toBeGreaterThanOrEqual(claimed.locked_until!);
      await handle.db.transaction().execute((tx) => recordImportStep(tx, job.id, heldUntil, {
        throughRow: 6, rows: 5, created: 1, updated: 1,
        errors: [{ row: 3, field: 'Variant Price', message: 'must be an amount such as 19.99' }, { row: 3, field: 'Variant Taxable', message: 'must be TRUE or FALSE' }],
      }));
      await handle.db.transaction().execute((tx) => recordImportStep(tx, job.id, heldUntil, {
        throughRow: 8, rows: 2, created: 0, updated: 1, errors: [{ row: 8, field: 'Title', message: 'is required' }],
      }));
      expect(await finishImport(handle.db, job.id, heldUntil, { failure: null, totalRows: 7 })).toBe(true);

      expect(await findImport(handle.db, job.id)).toMatchObject({
        status: 'succeeded', total_rows: 7, processed_rows: 7, created: 1, updated: 2, error_count: 3, checkpoint_row: 8, locked_until: null,
      });
      expect(await listImportErrors(handle.db, job.id)).toEqual([
        { row: 3, field: 'Variant Price', message: 'must be an amount such as 19.99' },
        { row: 3, field: 'Variant Taxable', message: 'must be TRUE or FALSE' },
        { row: 8, field: 'Title', message: 'is required' },
      ]);
      expect(await claimJob(handle, 'imports', LOCK_MS)).toBeUndefined();
    });

    it('fails a job whole with its reason', async () => {
      const job = await queuedJob();
      const claimed = (await claimJob(handle, 'imports', LOCK_MS))!;
      expect(await finishImport(handle.db, job.id, claimed.locked_until!, { failure: 'the file has no Handle column' })).toBe(true);
      expect(await findImport(handle.db, job.id)).toMatchObject({ status: 'failed', failure: 'the file has no Handle column', finished_at: expect.any(Number) });
    });
  });
}
