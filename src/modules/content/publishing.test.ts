import { describe, expect, it } from 'vitest';
import { isLive, nextPublishing } from './publishing.js';

const now = 1_700_000_000;

describe('nextPublishing', () => {
  it('makes a new row a draft without a date when nothing is said', () => {
    expect(nextPublishing(undefined, {}, now)).toEqual({ is_published: 0, published_at: null });
  });

  it('dates a row published without a date now', () => {
    expect(nextPublishing(undefined, { is_published: true }, now)).toEqual({ is_published: 1, published_at: now });
    expect(nextPublishing(undefined, { is_published: true, published_at: null }, now)).toEqual({ is_published: 1, published_at: now });
    expect(nextPublishing({ is_published: 0, published_at: null }, { is_published: true }, now)).toEqual({ is_published: 1, published_at: now });
  });

  it('keeps a date given, in the past or in the future (scheduled)', () => {
    expect(nextPublishing(undefined, { is_published: true, published_at: now + 3600 }, now)).toEqual({ is_published: 1, published_at: now + 3600 });
    expect(nextPublishing(undefined, { is_published: true, published_at: now - 3600 }, now)).toEqual({ is_published: 1, published_at: now - 3600 });
  });

  it('keeps the date when a row is unpublished, and again when it is published again', () => {
    const unpublished = nextPublishing({ is_published: 1, published_at: now - 60 }, { is_published: false }, now);
    expect(unpublished).toEqual({ is_published: 0, published_at: now - 60 });
    expect(nextPublishing(unpublished, { is_published: true }, now + 10)).toEqual({ is_published: 1, published_at: now - 60 });
  });

  it('never leaves a published row without a date', () => {
    expect(nextPublishing({ is_published: 1, published_at: now - 60 }, { published_at: null }, now)).toEqual({ is_published: 1, published_at: now });
  });

  it('lets a draft carry a planned date without showing it', () => {
    const draft = nextPublishing(undefined, { published_at: now - 60 }, now);
    expect(draft).toEqual({ is_published: 0, published_at: now - 60 });
    expect(isLive(draft, now)).toBe(false);
  });
});

describe('isLive', () => {
  it('holds for a published row whose date has come, up to the second', () => {
    expect(isLive({ is_published: 1, published_at: now }, now)).toBe(true);
    expect(isLive({ is_published: 1, published_at: now + 1 }, now)).toBe(false);
    expect(isLive({ is_published: 0, published_at: now - 1 }, now)).toBe(false);
    expect(isLive({ is_published: 1, published_at: null }, now)).toBe(false);
  });
});
