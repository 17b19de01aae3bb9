import { describe, expect, it } from 'vitest';
import { pageState, posterOf } from './pages';

describe('pageState', () => {
  it('has no neighbours when everything fits on one page', () => {
    expect(pageState({ total: 7, offset: 0, limit: 10 })).toEqual({ page: 1, pages: 1, previous: null, next: null });
  });

  it('goes on at offset 10, and back to 0, for 12 results in pages of 10', () => {
    expect(pageState({ total: 12, offset: 0, limit: 10 })).toEqual({ page: 1, pages: 2, previous: null, next: 10 });
    expect(pageState({ total: 12, offset: 10, limit: 10 })).toEqual({ page: 2, pages: 2, previous: 0, next: null });
  });

  it('stops at the last page when the total is a multiple of the page size', () => {
    expect(pageState({ total: 20, offset: 10, limit: 10 }).next).toBeNull();
    expect(pageState({ total: 21, offset: 10, limit: 10 }).next).toBe(20);
  });

  it('counts one empty page for no results', () => {
    expect(pageState({ total: 0, offset: 0, limit: 10 })).toEqual({ page: 1, pages: 1, previous: null, next: null });
  });
});

describe('posterOf', () => {
  it('prefers the image, then the preview', () => {
    expect(
      posterOf([
        { type: 'preview', path: '/p.jpg' },
        { type: 'image', path: '/i.svg' },
      ]),
    ).toBe('/i.svg');
    expect(posterOf([{ type: 'preview', path: '/p.jpg' }])).toBe('/p.jpg');
    expect(posterOf([])).toBeNull();
  });
});
