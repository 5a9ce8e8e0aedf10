import { countedDriver } from './counted-driver.js';
import type { GatewayDriver } from './driver.js';
import { manualDriver } from './manual.js';
import { stripeDriver } from './stripe.js';
import { testDriver } from './test.js';

const drivers = new Map<string, GatewayDriver>([manualDriver, testDriver, stripeDriver].map((driver) => [driver.name, countedDriver(driver)]));

/** The `driver` values a gateway may have. */
export const driverNames: readonly string[] = [...drivers.keys()];

/** Every driver, in the order they are offered. */
export function allDrivers(): GatewayDriver[] {
  return [...drivers.values()];
}

/** The driver of that name, or undefined when there is none. */
export function driverFor(name: string): GatewayDriver | undefined {
  return drivers.get(name);
}
