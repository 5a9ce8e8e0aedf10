import { describe, expect, it } from 'vitest';
import { JobThread, JobThreadError } from './job-thread.js';

const jobs = new URL('../../test/helpers/thread-jobs.js', import.meta.url);

function threadOf<In, Out>(handler: string, deadlineMs = 5_000, resourceLimits?: { maxOldGenerationSizeMb: number }): JobThread<In, Out> {
  return new JobThread<In, Out>({ module: jobs, handler, deadlineMs, resourceLimits });
}

describe('a job thread', () => {
  it('answers jobs in order of arrival, and rejects with the error a job throws', async () => {
    const thread = threadOf<number, number>('double');
    expect(await Promise.all([1, 2, 3].map((n) => thread.run(n)))).toEqual([2, 4, 6]);
    await expect(threadOf<string, never>('fail').run('no such thing')).rejects.toThrow(/no such thing/);
  });

  it('gives up a job at its deadline, ending the thread, and starts another for the next job', async () => {
    const thread = threadOf<number, number>('spin', 300);
    const error = await thread.run(60_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JobThreadError);
    expect(error).toMatchObject({ reason: 'deadline' });
    expect(await thread.run(0)).toBeLessThan(300);
  });

  it('counts a deadline from when the thread takes the job, not from when it was queued', async () => {
    // Five jobs of 100 ms queued at once take 500 ms together, past each one's deadline of 400 ms.
    const thread = threadOf<number, number>('spin', 400);
    const took = await Promise.all(Array.from({ length: 5 }, () => thread.run(100)));
    expect(took).toHaveLength(5);
  });

  it('fails a job whose thread runs out of memory with the code that says so', async () => {
    const error = await threadOf<void, never>('exhaustMemory', 30_000, { maxOldGenerationSizeMb: 16 }).run().catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: 'crashed', code: 'ERR_WORKER_OUT_OF_MEMORY' });
  });

  it('fails the jobs waiting for a thread that cannot start', async () => {
    const thread = new JobThread<number, number>({ module: new URL('./no-such-module.js', import.meta.url), handler: 'double', deadlineMs: 5_000 });
    const errors = await Promise.all([1, 2].map((n) => thread.run(n).catch((e: unknown) => e)));
    for (const error of errors) expect(error).toMatchObject({ reason: 'unavailable' });
  });
});
