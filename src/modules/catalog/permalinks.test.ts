import { describe, expect, it } from 'vitest';
import { PERMALINK_PATTERN, slugify } from './permalinks.js';

describe('slugify', () => {
  it('lowercases, strips accents and joins words with dashes', () => {
    expect(slugify('Café Crème 250 g')).toBe('cafe-creme-250-g');
    expect(slugify('  T-Shirt / Red, L  ')).toBe('t-shirt-red-l');
  });

  it('is empty when no latin letter or digit is left', () => {
    expect(slugify('東京堂')).toBe('');
  });

  it('keeps slugs within 100 characters and within the permalink pattern', () => {
    const slug = slugify(`${'word '.repeat(40)}end`);
    expect(slug.length).toBeLessThanOrEqual(100);
    expect(slug).toMatch(new RegExp(PERMALINK_PATTERN));
  });
});
