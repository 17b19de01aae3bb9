import { describe, expect, it } from 'vitest';
import { liveTail } from './clips.service';

const segs = (n: number) => Array.from({ length: n }, (_, i) => ({ uri: `s${i}.ts`, duration: 1 }));

describe('the window a live clip takes', () => {
  it('is the last asked seconds when the feed holds them', () => {
    expect(liveTail(segs(40), 30)).toMatchObject({ start: 0, duration: 30 });
    expect(liveTail(segs(40), 30)?.segments).toHaveLength(30);
  });

  it('is the whole window, its length said, when the feed opened moments ago', () => {
    const tail = liveTail(segs(7), 60);
    expect(tail).toMatchObject({ start: 0, duration: 7 });
    expect(tail?.segments.map((s) => s.uri)).toEqual(segs(7).map((s) => s.uri));
  });

  it('is nothing while the feed holds less than a second', () => {
    expect(liveTail([], 30)).toBeNull();
    expect(liveTail([{ uri: 's0.ts', duration: 0.5 }], 30)).toBeNull();
  });
});
