import { describe, expect, it } from 'vitest';
import { masterPlaylist } from './hls/ladder';
import { ingestArgs, ingestLadder, keepLadder } from './ingest-transcoder';

const names = (l: { name: string; passthrough: boolean }[]) => l.map((r) => `${r.name}${r.passthrough ? '=' : ''}`);

describe('the ladder of an ingest', () => {
  it('passes an H.264 + AAC source through on top and adds only the shorter standard rungs', () => {
    expect(names(ingestLadder({ video: 'h264', audio: 'aac', height: 1080 }))).toEqual(['1080p=', '720p', '360p']);
    expect(names(ingestLadder({ video: 'h264', audio: 'aac', height: 720 }))).toEqual(['720p=', '360p']);
    expect(names(ingestLadder({ video: 'h264', audio: 'aac', height: 480 }))).toEqual(['480p=', '360p']);
    expect(names(ingestLadder({ video: 'h264', audio: 'aac', height: 360 }))).toEqual(['360p=']);
    expect(names(ingestLadder({ video: 'h264', audio: 'aac', height: 240 }))).toEqual(['240p=']);
  });

  it('encodes a source whose codecs do not fit, at its own height (at most 1080), never above it', () => {
    expect(names(ingestLadder({ video: 'other', audio: 'aac', height: 2160 }))).toEqual(['1080p', '720p', '360p']);
    expect(names(ingestLadder({ video: 'h264', audio: 'other', height: 480 }))).toEqual(['480p', '360p']);
    expect(names(ingestLadder({ video: 'unknown', audio: 'unknown', height: 0 }))).toEqual(['720p', '360p']);
  });

  it('copies the passthrough rung, aligns the others on its keyframes, and keeps the whole game with date times', () => {
    const ladder = ingestLadder({ video: 'h264', audio: 'aac', height: 720 });
    const args = ingestArgs('rtmp://127.0.0.1:1935/live/sk_x', '/m/live/e1', ladder).join(' ');
    expect(args).toContain('-c:v copy -c:a copy');
    expect(args).toContain('-force_key_frames source');
    expect(args).not.toContain('scale=-2:720');
    expect(args).toContain('scale=-2:360');
    expect(args).toContain('-hls_playlist_type event');
    expect(args).toContain('-hls_list_size 0');
    expect(args).toMatch(/-hls_flags \S*program_date_time\S*omit_endlist/);
    expect(args).not.toContain('append_list');
    const again = ingestArgs('rtmp://x/live/k', '/m/live/e1', ladder, { append: true }).join(' ');
    expect(again).toMatch(/append_list\+discont_start/);
  });

  it('keeps the game’s renditions when its encoder comes back at another size or with other codecs', () => {
    const first = { video: 'h264', audio: 'aac', height: 480 } as const;
    const ladder = ingestLadder(first);
    expect(names(keepLadder(ladder, first, { ...first }))).toEqual(['480p=', '360p']);
    for (const sent of [
      { ...first, height: 720 },
      { ...first, height: 360 },
      { ...first, video: 'other' as const },
    ]) {
      const kept = keepLadder(ladder, first, sent);
      expect(names(kept)).toEqual(['480p', '360p']);
      // Every rung encoded to its height, with keyframes on the segment clock: the renditions stay aligned.
      const args = ingestArgs('rtmp://x/live/k', '/m/live/e1', kept, { append: true }).join(' ');
      expect(args).toContain('scale=-2:480');
      expect(args).not.toContain('-c:v copy');
    }
  });

  it('announces in the master playlist the source’s frame rate and the codecs of its own encodes', () => {
    const master = masterPlaylist(ingestLadder({ video: 'h264', audio: 'aac', height: 1080, fps: 59.94 }));
    const lines = master.split('\n').filter((l) => l.startsWith('#EXT-X-STREAM-INF'));
    // The source as it came: its frame rate as announced, and CODECS present (hls.js passes over a variant without).
    expect(lines[0]).toContain('RESOLUTION=1920x1080');
    expect(lines[0]).toContain('FRAME-RATE=59.94');
    expect(lines[0]).toContain('CODECS="avc1.42e01f,mp4a.40.2"');
    // The rungs encoded here: x264 Main and AAC-LC, at the source's frame rate.
    expect(lines[1]).toContain('CODECS="avc1.4d401f,mp4a.40.2"');
    expect(lines[1]).toContain('FRAME-RATE=59.94');
    const unknown = masterPlaylist(ingestLadder({ video: 'other', audio: 'aac', height: 1080 }));
    expect(unknown.split('\n')[3]).toContain('CODECS="avc1.4d4028,mp4a.40.2"');
    expect(unknown).not.toContain('FRAME-RATE');
  });
});
