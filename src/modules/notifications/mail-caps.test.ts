import { describe, expect, it } from 'vitest';
import { decideSlot, type MailCap } from './mail-caps.js';

const cap: MailCap = { budget: 'test', max: 3, windowSeconds: 3600 };

describe('decideSlot', () => {
  it('admits up to max sends in the window, recording now after the ones still in it', () => {
    expect(decideSlot([], 1000, cap)).toEqual({ admitted: true, sentAt: [1000] });
    expect(decideSlot([10, 500], 4000, cap)).toEqual({ admitted: true, sentAt: [500, 4000] });
  });

  it('refuses the next one until the oldest counted leaves the rolling window', () => {
    expect(decideSlot([1000, 1200, 1300], 1400, cap)).toEqual({ admitted: false, waitSeconds: 3200 });
    expect(decideSlot([1000, 1200, 1300], 4599, cap)).toEqual({ admitted: false, waitSeconds: 1 });
    expect(decideSlot([1000, 1200, 1300], 4600, cap)).toEqual({ admitted: true, sentAt: [1200, 1300, 4600] });
  });

  it('reads the sends in any order, as processes with clocks apart may record them', () => {
    expect(decideSlot([1300, 1000, 1200], 1400, cap)).toEqual({ admitted: false, waitSeconds: 3200 });
  });
});
