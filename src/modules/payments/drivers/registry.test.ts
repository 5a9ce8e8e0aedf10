import { describe, expect, it } from 'vitest';
import { driverFor, driverNames } from './registry.js';

describe('driver registry', () => {
  it('knows the manual and test drivers by name', () => {
    expect([...driverNames].sort()).toEqual(['manual', 'test']);
    expect(driverFor('manual')?.name).toBe('manual');
    expect(driverFor('test')?.name).toBe('test');
  });

  it('has no driver for an unknown name', () => {
    expect(driverFor('stripe')).toBeUndefined();
    expect(driverFor('toString')).toBeUndefined();
  });
});
