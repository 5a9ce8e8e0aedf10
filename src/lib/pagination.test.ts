import { describe, expect, it } from 'vitest';
import { paginationBlock } from './pagination.js';

describe('paginationBlock', () => {
  it('describes a middle page with links that change only the page', () => {
    const block = paginationBlock({ page: 2, perPage: 10 }, 35, '/v1/skus?q=tea&page=2&per_page=10');
    expect(block).toEqual({
      current_page: 2,
      previous_page: 1,
      next_page: 3,
      per_page: 10,
      from: 11,
      to: 20,
      total_pages: 4,
      total_items: 35,
      links: { previous_page: '/v1/skus?q=tea&page=1&per_page=10', next_page: '/v1/skus?q=tea&page=3&per_page=10' },
    });
  });

  it('ends the last page at the last item and has no next page', () => {
    const block = paginationBlock({ page: 4, perPage: 10 }, 35, '/v1/skus');
    expect(block).toMatchObject({ from: 31, to: 35, next_page: null, previous_page: 3 });
    expect(block.links.previous_page).toBe('/v1/skus?page=3');
  });

  it('counts one empty page for an empty list, with from and to at 0', () => {
    expect(paginationBlock({ page: 1, perPage: 50 }, 0, '/v1/skus')).toMatchObject({
      total_pages: 1, from: 0, to: 0, previous_page: null, next_page: null, links: { previous_page: null, next_page: null },
    });
  });

  it('gives a page past the end no items but a way back', () => {
    expect(paginationBlock({ page: 9, perPage: 10 }, 35, '/v1/skus')).toMatchObject({ from: 0, to: 0, previous_page: 8, next_page: null });
  });
});
