import { notifications } from '@mantine/notifications';
import { problemOf } from './problems';

/** What a bulk action did: the records it changed, and those it could not with the reason why. */
export interface BulkResult<T> {
  done: T[];
  failed: Array<{ item: T; reason: string }>;
}

/** A record a bulk action leaves alone, with the reason said to staff (an order not paid yet). */
export class Skipped extends Error {}

/** Calls at once against the server: enough to be quick, few enough to leave it room for the shop. */
const AT_ONCE = 4;

/**
 * Runs `work` on each item, `AT_ONCE` at a time, through the API's own per-record operations, so
 * each record is changed or refused by the same rules as on its own screen. A refusal (a problem, or
 * a `Skipped`) is kept with its reason; the others go on.
 */
export async function runBulk<T>(items: readonly T[], work: (item: T) => Promise<unknown>): Promise<BulkResult<T>> {
  const result: BulkResult<T> = { done: [], failed: [] };
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      try {
        await work(item);
        result.done.push(item);
      } catch (error) {
        result.failed.push({ item, reason: error instanceof Skipped ? error.message : problemOf(error).detail });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, items.length) }, worker));
  // In the order staff selected them, whatever order the answers came in.
  const order = (item: T) => items.indexOf(item);
  result.done.sort((a, b) => order(a) - order(b));
  result.failed.sort((a, b) => order(a.item) - order(b.item));
  return result;
}

/** `1 product`, `3 products`. */
export function counted(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`;
}

/**
 * One notification of a bulk action: how many records it changed (`3 products unpublished`) and,
 * by name, each it could not change with the server's reason. Failures stay until closed.
 */
export function notifyBulk<T>(result: BulkResult<T>, { noun, plural, done, nameOf }: { noun: string; plural?: string; done: string; nameOf: (item: T) => string }): void {
  const summary = `${counted(result.done.length, noun, plural)} ${done}`;
  if (result.failed.length === 0) {
    notifications.show({ message: summary, color: 'green' });
    return;
  }
  notifications.show({
    title: `${summary}; ${counted(result.failed.length, noun, plural)} not`,
    message: result.failed.map(({ item, reason }) => `${nameOf(item)}: ${reason}`).join('\n'),
    color: result.done.length === 0 ? 'red' : 'yellow',
    autoClose: false,
    style: { whiteSpace: 'pre-line' },
  });
}
