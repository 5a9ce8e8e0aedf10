/**
 * Runs `tick` until stopped: a tick that handled a full batch is followed at once by the next,
 * otherwise the loop waits `pollMs` (or until stopped). A tick that throws is reported to `onError`
 * and the loop goes on (the database may come back). `stop` waits for the tick under way.
 */
export function startPollingLoop(
  tick: () => Promise<number>,
  options: { batchSize: number; pollMs: number; onError(error: unknown): void },
): { stop(): Promise<void> } {
  let stopped = false;
  let wake: (() => void) | undefined;
  const done = (async () => {
    while (!stopped) {
      let handled = 0;
      try {
        handled = await tick();
      } catch (error) {
        options.onError(error);
      }
      if (handled < options.batchSize && !stopped) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, options.pollMs);
        });
      }
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      wake?.();
      await done;
    },
  };
}
