import { describe, expect, it } from 'vitest';
import { withoutPrivateMetadata } from './private-metadata.js';

describe('withoutPrivateMetadata', () => {
  it('drops private_metadata at every depth, copying what held it and never changing the original', () => {
    const sku = { id: 'sku_1', metadata: { a: '1' }, private_metadata: { cost: '3' } };
    const product = { id: 'prd_1', metadata: {}, private_metadata: { supplier: 'Acme' }, skus: [sku], vendor: null };
    const body = { data: [product], meta: { pagination: { page: 1 } } };

    const shown = withoutPrivateMetadata(body);

    expect(shown).toEqual({ data: [{ id: 'prd_1', metadata: {}, skus: [{ id: 'sku_1', metadata: { a: '1' } }], vendor: null }], meta: { pagination: { page: 1 } } });
    expect(product.private_metadata).toEqual({ supplier: 'Acme' });
    expect(sku.private_metadata).toEqual({ cost: '3' });
    // What held nothing private is shared, not copied.
    expect(shown.meta).toBe(body.meta);
  });

  it('returns values without private metadata as they are', () => {
    const body = { data: { id: 'x', metadata: { private_metadata: 'a key, not the member' }, options: { private_metadata: 'red' } } };
    expect(withoutPrivateMetadata(body)).toBe(body);
    const record = { id: 'y', metadata: { private_metadata: 'kept' }, private_metadata: { private_metadata: 'gone' } };
    expect(withoutPrivateMetadata(record)).toEqual({ id: 'y', metadata: { private_metadata: 'kept' } });
    expect(withoutPrivateMetadata(null)).toBeNull();
    expect(withoutPrivateMetadata('text')).toBe('text');
  });
});
