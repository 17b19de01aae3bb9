import { expect } from 'vitest';
import type { TestApp } from './test-app';

/**
 * Packages the three games the seed's finished Heartland events play (`vod/heartland-1` to `-3`), each a generated
 * game of `durationS` seconds: the media that playback, access and clip tests serve and cut.
 */
export async function packageTestGames(t: TestApp, game: { caption: string; durationS: number; mp4: boolean }) {
  for (const seed of [1, 2, 3]) {
    await t.services.media.packageMedia({
      key: `vod/heartland-${seed}`,
      game: { away: 'Away', home: 'Home', caption: game.caption, durationS: game.durationS, seed },
      mp4: game.mp4,
    });
  }
}

/**
 * What a media file's address does with byte ranges (`sendFile`): a satisfiable range is a 206 with those bytes,
 * a range starting past the end a 416 whose Content-Range gives the size (no range) with the error body, and a
 * Range that is not a valid byte-range set is ignored: the whole file, 200.
 */
export async function expectByteRanges(t: TestApp, url: string) {
  const whole = await t.app.inject(url);
  expect(whole.statusCode, url).toBe(200);
  const size = whole.rawPayload.length;
  expect(size, url).toBeGreaterThan(200);
  const get = (range: string) => t.app.inject({ url, headers: { range } });

  const part = await get('bytes=10-109');
  expect(part.statusCode, url).toBe(206);
  expect(part.headers['content-range'], url).toBe(`bytes 10-109/${size}`);
  expect(part.rawPayload.equals(whole.rawPayload.subarray(10, 110)), url).toBe(true);
  const tail = await get('bytes=-50');
  expect(tail.statusCode, url).toBe(206);
  expect(tail.rawPayload.equals(whole.rawPayload.subarray(size - 50)), url).toBe(true);

  for (const range of ['bytes=999999999-', `bytes=${size}-`, `bytes=${size}-${size + 10}`]) {
    const res = await get(range);
    expect(res.statusCode, range).toBe(416);
    expect(res.headers['content-range'], range).toBe(`bytes */${size}`);
    expect(res.headers['content-type'], range).toMatch(/^application\/json\b/);
    expect(res.json(), range).toEqual({
      error: { status: 416, code: 'range_not_satisfiable', message: expect.any(String) },
    });
  }

  for (const range of ['bytes=abc', 'bytes=20-10', 'bytes=-', 'bytes=1-2-3']) {
    const res = await get(range);
    expect(res.statusCode, range).toBe(200);
    expect(res.headers['content-range'], range).toBeUndefined();
    expect(res.rawPayload.equals(whole.rawPayload), range).toBe(true);
  }
}
