import { describe, expect, it } from 'vitest';
import { driverFor, driverNames } from './registry.js';

describe('driver registry', () => {
  it('knows the manual, test and stripe drivers by name', () => {
    expect([...driverNames].sort()).toEqual(['manual', 'stripe', 'test']);
    expect(driverFor('stripe')?.name).toBe('stripe');
    expect(driverFor('manual')?.name).toBe('manual');
    expect(driverFor('test')?.name).toBe('test');
  });

  it('has no driver for an unknown name', () => {
    expect(driverFor('paypal')).toBeUndefined();
    expect(driverFor('toString')).toBeUndefined();
  });
});
