import type { Flag } from '../db/types.js';

/** A boolean as stored: 0 or 1 on both databases. */
export function boolFlag(value: boolean): Flag {
  return value ? 1 : 0;
}
