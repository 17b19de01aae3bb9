import { describe, expect, it } from 'vitest';
import { withDeltaUpdates } from './playlist-delta';

const live = (first: number, count: number) =>
  [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    '#EXT-X-TARGETDURATION:1',
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    '#EXT-X-INDEPENDENT-SEGMENTS',
    ...Array.from({ length: count }, (_, i) => [
      `#EXT-X-PROGRAM-DATE-TIME:${new Date(1_700_000_000_000 + (first + i) * 1000).toISOString()}`,
      '#EXTINF:1.000000,',
      `seg_${String(first + i).padStart(6, '0')}.ts`,
    ]).flat(),
    '',
  ].join('\n');

describe('live playlist delta updates', () => {
  it('advertises skipping and answers a delta of the last 12 s with the rest skipped', () => {
    const { full, delta } = withDeltaUpdates(live(100, 720));
    expect(full).toContain('#EXT-X-SERVER-CONTROL:CAN-SKIP-UNTIL=12.0\n');
    expect(full.match(/\.ts$/gm)).toHaveLength(720);
    expect(delta).toContain('#EXT-X-VERSION:9');
    expect(delta).toContain('#EXT-X-MEDIA-SEQUENCE:100\n');
    expect(delta).toContain('#EXT-X-SKIP:SKIPPED-SEGMENTS=708\n');
    expect(delta.match(/^seg_\d+\.ts$/gm)).toEqual(Array.from({ length: 12 }, (_, i) => `seg_000${808 + i}.ts`));
    expect(delta.split('#EXT-X-SKIP')[1]?.indexOf('#EXT-X-PROGRAM-DATE-TIME')).toBeGreaterThan(0);
    expect(delta.length).toBeLessThan(full.length / 30);
  });

  it('sends the whole playlist when there is nothing to skip, and leaves a VOD playlist alone', () => {
    const short = withDeltaUpdates(live(1, 8));
    expect(short.delta).toBe(short.full);
    const vod = `${live(0, 30)}#EXT-X-ENDLIST\n`;
    expect(withDeltaUpdates(vod)).toEqual({ full: vod, delta: vod });
  });

  it('never skips a segment carrying another tag (a discontinuity must stay)', () => {
    const text = live(1, 40).replace(
      '#EXTINF:1.000000,\nseg_000003.ts',
      '#EXT-X-DISCONTINUITY\n#EXTINF:1.000000,\nseg_000003.ts',
    );
    const { full, delta } = withDeltaUpdates(text);
    expect(delta).toBe(full);
  });
});
