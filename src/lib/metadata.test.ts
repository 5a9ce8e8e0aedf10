import { describe, expect, it } from 'vitest';
import { metadataChanges, NO_METADATA } from './metadata.js';
import { FieldErrors } from './problem.js';

const stored = (metadata: Record<string, string>) => ({ ...NO_METADATA, metadata: JSON.stringify(metadata) });

describe('metadataChanges', () => {
  it('sets the keys sent, removes those sent as "" or null, keeps the others, and changes nothing for {}', () => {
    const current = stored({ a: '1', b: '2', c: '3' });
    expect(metadataChanges({ metadata: { a: 'one', b: null, c: '', d: '4' } }, current)).toEqual({ metadata: '{"a":"one","d":"4"}' });
    expect(metadataChanges({ metadata: {} }, current)).toEqual({});
    expect(metadataChanges({ private_metadata: { x: 'y' } }, current)).toEqual({ private_metadata: '{"x":"y"}' });
  });

  it('names the keys added past the 50th, and counts the keys removed in the same write', () => {
    const current = stored(Object.fromEntries(Array.from({ length: 49 }, (_, i) => [`k${i}`, 'v'])));
    const errors = new FieldErrors();
    metadataChanges({ metadata: { x: 'v', y: 'v', z: 'v' } }, current, errors);
    expect(errors.list.map((e) => [e.field, e.code])).toEqual([['metadata[y]', 'too_many_keys'], ['metadata[z]', 'too_many_keys']]);
    expect(() => metadataChanges({ metadata: { k0: null, k1: null, x: 'v', y: 'v', z: 'v' } }, current)).not.toThrow();
  });

  it('keeps a key named like an object property as data', () => {
    expect(metadataChanges({ metadata: JSON.parse('{"__proto__":"x","constructor":"y"}') }, NO_METADATA)).toEqual({ metadata: '{"__proto__":"x","constructor":"y"}' });
  });

  it('throws every fault at once when no collector is given', () => {
    expect(() => metadataChanges({ metadata: { ['k'.repeat(41)]: 'v', ' ': 'v', ok: 'x'.repeat(501) } }, NO_METADATA)).toThrow(
      expect.objectContaining({ code: 'validation_failed', errors: [expect.objectContaining({ code: 'invalid_length' }), expect.objectContaining({ code: 'blank' }), expect.objectContaining({ field: 'metadata[ok]' })] }),
    );
  });
});
