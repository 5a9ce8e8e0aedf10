import { payments } from '../../../lib/metrics.js';
import type { DriverResult, GatewayDriver } from './driver.js';

type Operation = 'authorize' | 'capture' | 'refund' | 'void';

/**
 * The driver, with each call to its provider counted by outcome in `storefront_payments_total`. Counted
 * here, where the provider answers, rather than where transactions are written: a row can be rolled
 * back with its transaction, an answer cannot.
 */
export function countedDriver(driver: GatewayDriver): GatewayDriver {
  async function counted<R extends DriverResult>(operation: Operation, call: () => Promise<R>): Promise<R> {
    let result: R;
    try {
      result = await call();
    } catch (error) {
      payments.inc({ gateway: driver.name, operation, outcome: 'error' });
      throw error;
    }
    payments.inc({ gateway: driver.name, operation, outcome: result.status });
    return result;
  }
  return {
    ...driver,
    authorize: (request) => counted('authorize', () => driver.authorize(request)),
    capture: (request) => counted('capture', () => driver.capture(request)),
    refund: (request) => counted('refund', () => driver.refund(request)),
    void: (request) => counted('void', () => driver.void(request)),
  };
}
