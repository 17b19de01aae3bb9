import { mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENCODER_PLAYLIST, isWholePlaylist, PUBLISHED_PLAYLIST, publishPlaylists } from './playlist-publisher';

const playlist = (first: number, n: number) =>
  `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXT-X-MEDIA-SEQUENCE:${first}\n${Array.from(
    { length: n },
    (_, i) => `#EXTINF:1.000000,\nseg_${String(first + i).padStart(6, '0')}.ts\n`,
  ).join('')}`;

describe('isWholePlaylist', () => {
  it('takes a whole live or finished playlist and refuses one cut anywhere but after a segment', () => {
    const whole = playlist(10, 4);
    expect(isWholePlaylist(whole)).toBe(true);
    expect(isWholePlaylist(`${whole}#EXT-X-ENDLIST\n`)).toBe(true);
    expect(isWholePlaylist('')).toBe(false);
    for (let cut = 1; cut < whole.length; cut++) {
      const part = whole.slice(0, cut);
      expect(isWholePlaylist(part), `cut at ${cut}`).toBe(part.endsWith('.ts\n'));
    }
  });
});

describe('publishPlaylists', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sideline-publish-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('publishes whole versions only, while the encoder rewrites its playlist in place', async () => {
    const publisher = publishPlaylists([dir], { everyMs: 60_000 });
    const from = path.join(dir, ENCODER_PLAYLIST);
    const to = path.join(dir, PUBLISHED_PLAYLIST);
    try {
      await writeFile(from, playlist(1, 3));
      await publisher.tick();
      expect(await readFile(to, 'utf8')).toBe(playlist(1, 3));
      // As ffmpeg before 4.2 does: truncate, then write the new text in parts.
      const next = playlist(2, 3);
      const file = await open(from, 'w');
      await publisher.tick();
      await file.write(next.slice(0, 60));
      await file.sync();
      await publisher.tick();
      expect(await readFile(to, 'utf8')).toBe(playlist(1, 3));
      // Cut just after a segment's line: whole-looking, but the window would move back.
      const upToSecond = next.indexOf('.ts\n') + 4;
      await file.write(next.slice(60, upToSecond));
      await file.sync();
      await publisher.tick();
      expect(await readFile(to, 'utf8')).toBe(playlist(1, 3));
      await file.write(next.slice(upToSecond));
      await file.close();
      await publisher.tick();
      expect(await readFile(to, 'utf8')).toBe(next);
    } finally {
      publisher.stop();
    }
  });
});
