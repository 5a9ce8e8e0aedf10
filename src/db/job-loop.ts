import { startPollingLoop } from '../lib/polling-loop.js';
import { claimJob, releaseJobClaim, renewJobClaim, type JobTable } from './claim-job.js';
import type { DatabaseHandle } from './database.js';
import type { Database } from './types.js';

/** A worker's hold on the job it runs, renewed as the work goes on. */
export interface JobClaim {
  /** When the claim runs out (milliseconds): the job's writes are made on condition it still holds. */
  readonly heldUntil: number;
  /**
   * Renews the claim once half of it has gone (cheap to call after every step). False when the claim
   * was lost (another worker took the job) or the worker is stopping: the run must end then without
   * writing more.
   */
  keep(): Promise<boolean>;
}

export interface JobRunOptions<T extends JobTable> {
  /** How long a claim lasts: a worker that dies holds its job this long before another takes it over. */
  lockMs: number;
  run(job: Database[T], claim: JobClaim): Promise<void>;
}

function holdJob(handle: DatabaseHandle, table: JobTable, id: string, heldUntil: number, lockMs: number, stopping: () => boolean): JobClaim {
  let renewedAt = Date.now();
  let until = heldUntil;
  return {
    get heldUntil() {
      return until;
    },
    async keep() {
      if (stopping()) return false;
      if (Date.now() - renewedAt < lockMs / 2) return true;
      const renewed = await renewJobClaim(handle, table, id, until, lockMs);
      if (renewed === undefined) return false;
      until = renewed;
      renewedAt = Date.now();
      return true;
    },
  };
}

/**
 * Claims the next due job of `table` (a queued one, or one whose worker died) and runs it. False
 * when none was due.
 */
export async function runNextJob<T extends JobTable>(handle: DatabaseHandle, table: T, options: JobRunOptions<T>, stopping = () => false): Promise<boolean> {
  const job = await claimJob(handle, table, options.lockMs);
  if (!job) return false;
  const claim = holdJob(handle, table, job.id, job.locked_until!, options.lockMs, stopping);
  await options.run(job, claim);
  // A run cut short by the shutdown leaves its job to the next worker at once.
  if (stopping()) await releaseJobClaim(handle, table, job.id, claim.heldUntil);
  return true;
}

/**
 * Runs the jobs of `table` one after another until stopped, looking for the next every `pollMs` when
 * none is due. Errors are logged and the loop goes on. `stop` asks the job under way to stop at its
 * next step (`JobClaim.keep` answers false) and waits for it.
 */
export function startJobLoop<T extends JobTable>(
  handle: DatabaseHandle,
  table: T,
  options: JobRunOptions<T> & { pollMs: number; log: { error(object: unknown, message: string): void } },
): { stop(): Promise<void> } {
  let stopping = false;
  const loop = startPollingLoop(async () => ((await runNextJob(handle, table, options, () => stopping)) ? 1 : 0), {
    batchSize: 1,
    pollMs: options.pollMs,
    onError: (error) => options.log.error({ err: error, table }, `a ${table} job failed`),
  });
  return {
    stop: async () => {
      stopping = true;
      await loop.stop();
    },
  };
}
