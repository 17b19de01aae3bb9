import { describe, expect, it } from 'vitest';
import { eligiblePrerolls, pickByWeight } from './preroll-choice';

const preroll = (id: number, extra: object = {}) => ({
  id,
  url: `/media/prerolls/p${id}/master.m3u8`,
  weight: 1,
  location_id: null,
  event_categories: [] as number[],
  for_live: true,
  for_vod: true,
  ...extra,
});

describe('prerolls', () => {
  it('keeps those for the stream kind, sport and venue', () => {
    const list = [
      preroll(1),
      preroll(2, { for_live: false }),
      preroll(3, { event_categories: [5] }),
      preroll(4, { location_id: 9 }),
      preroll(5, { weight: 0 }),
    ];
    const ids = (t: { live: boolean; eventCategoryId: number | null; locationId: number | null }) =>
      eligiblePrerolls(list, t).map((p) => p.id);
    expect(ids({ live: true, eventCategoryId: 1, locationId: 2 })).toEqual([1]);
    expect(ids({ live: false, eventCategoryId: 5, locationId: 9 })).toEqual([1, 2, 3, 4]);
  });

  it('chooses in proportion to weight', () => {
    const items = [
      { id: 'a', weight: 3 },
      { id: 'b', weight: 1 },
    ];
    expect(pickByWeight(items, () => 0.1)?.id).toBe('a');
    expect(pickByWeight(items, () => 0.74)?.id).toBe('a');
    expect(pickByWeight(items, () => 0.76)?.id).toBe('b');
    expect(pickByWeight([], () => 0.5)).toBeNull();
  });
});
