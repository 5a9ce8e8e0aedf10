import { Worker, type ResourceLimits } from 'node:worker_threads';

/** Why a job got no answer from its thread: it ran past its deadline, the thread died under it, or no thread could start. */
export class JobThreadError extends Error {
  constructor(readonly reason: 'deadline' | 'crashed' | 'unavailable', message: string, readonly code?: string) {
    super(message);
    this.name = 'JobThreadError';
  }
}

export interface JobThreadOptions {
  /** The module the thread loads, as `new URL('modules/…/x.js', SERVER_ROOT)` (its .ts source is loaded when run from source). */
  module: URL;
  /** The module's export that runs one job: `(input) => output`, the output structured-cloneable. */
  handler: string;
  /** A job not answered this long after the thread took it is given up: the thread is ended, and another started for the next job. */
  deadlineMs: number;
  resourceLimits?: ResourceLimits;
}

// Run from source (tsx, Vitest) this file and the module the thread loads are TypeScript. A thread's
// entry point must be JavaScript, and on Node 20 tsx registers its loader in the main thread only, so
// the entry is this plain script, which registers tsx in the thread itself when asked to.
const BOOTSTRAP = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  if (workerData.tsx) (await import(workerData.tsx)).register();
  const handle = (await import(workerData.module))[workerData.handler];
  parentPort.on('message', async ({ id, input }) => {
    try {
      parentPort.postMessage({ id, output: await handle(input) });
    } catch (error) {
      parentPort.postMessage({ id, error: String(error && error.stack || error) });
    }
  });
  parentPort.postMessage({ ready: true });
})();
`;

const isSource = import.meta.url.endsWith('.ts');

type Reply = { ready: true } | { id: number; output: unknown } | { id: number; error: string };

interface Job {
  id: number;
  input: unknown;
  resolve(output: unknown): void;
  reject(error: Error): void;
}

/**
 * One thread that runs jobs one at a time, in order of arrival, so their work never holds the API's
 * thread. Started on first use; it keeps the process alive only while it has work. A job's deadline
 * counts from when the thread takes it, not from when it was queued behind others.
 */
export class JobThread<In, Out> {
  private thread: Worker | undefined;
  private ready = false;
  private readonly queue: Job[] = [];
  private running: { job: Job; timer: NodeJS.Timeout } | undefined;
  private nextId = 1;

  constructor(private readonly options: JobThreadOptions) {}

  /** The job's output; rejects with the job's own error, or a JobThreadError when the thread gave no answer. */
  run(input: In): Promise<Out> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, input, resolve: resolve as (output: unknown) => void, reject });
      this.next();
    });
  }

  private next(): void {
    if (!this.running && this.queue.length > 0) {
      const thread = this.thread ?? this.start();
      if (this.ready) this.take(thread, this.queue.shift()!);
    }
    if (this.running || this.queue.length > 0) this.thread?.ref();
    else this.thread?.unref();
  }

  private take(thread: Worker, job: Job): void {
    try {
      thread.postMessage({ id: job.id, input: job.input });
    } catch (error) {
      // An input that cannot be copied to the thread (a function in it) fails alone.
      job.reject(error as Error);
      return this.next();
    }
    const timer = setTimeout(() => this.giveUp(), this.options.deadlineMs);
    this.running = { job, timer };
  }

  private start(): Worker {
    const module = isSource ? this.options.module.href.replace(/\.js$/, '.ts') : this.options.module.href;
    const workerData = { module, handler: this.options.handler, tsx: isSource ? import.meta.resolve('tsx/esm/api') : undefined };
    const thread = new Worker(BOOTSTRAP, { eval: true, workerData, resourceLimits: this.options.resourceLimits });
    this.thread = thread;
    this.ready = false;
    thread.on('message', (reply: Reply) => {
      if (this.thread === thread) this.answer(reply);
    });
    thread.on('error', (error) => this.lose(thread, error));
    thread.on('exit', (code) => this.lose(thread, new Error(`exited with code ${code}`)));
    return thread;
  }

  private answer(reply: Reply): void {
    if ('ready' in reply) {
      this.ready = true;
      return this.next();
    }
    const running = this.running;
    if (!running || running.job.id !== reply.id) return;
    this.finish('error' in reply ? new Error(reply.error) : undefined, 'output' in reply ? reply.output : undefined);
  }

  private finish(error: Error | undefined, output?: unknown): void {
    const running = this.running;
    if (!running) return;
    clearTimeout(running.timer);
    this.running = undefined;
    if (error) running.job.reject(error);
    else running.job.resolve(output);
    this.next();
  }

  /** The job under way took too long: the thread goes with it (a thread cannot be interrupted otherwise). */
  private giveUp(): void {
    const thread = this.thread;
    this.thread = undefined;
    this.ready = false;
    void thread?.terminate();
    this.finish(new JobThreadError('deadline', `no answer within ${this.options.deadlineMs} ms`));
  }

  /** The thread died: the job it ran fails; a thread that never started fails every job waiting for it. */
  private lose(thread: Worker, error: Error & { code?: string }): void {
    if (this.thread !== thread) return;
    this.thread = undefined;
    if (!this.ready) {
      for (const job of this.queue.splice(0)) job.reject(new JobThreadError('unavailable', `the thread could not start: ${error.message}`, error.code));
      return;
    }
    this.ready = false;
    this.finish(new JobThreadError('crashed', `the thread stopped: ${error.message}`, error.code));
  }
}
