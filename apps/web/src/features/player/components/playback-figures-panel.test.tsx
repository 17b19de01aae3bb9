import { render, screen } from '@testing-library/react';
import type Hls from 'hls.js/light';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { PlaybackFiguresPanel } from './playback-figures-panel';

// What the panel reads of hls.js and the video element: a 720p rendition at 2.5 Mb/s, 2 s behind the live edge.
const hls = {
  latency: 2,
  currentLevel: 0,
  levels: [{ bitrate: 2_500_000, height: 720 }],
  playingDate: null,
} as unknown as Hls;
const video = {
  buffered: { length: 1, start: () => 0, end: () => 14.25 },
  currentTime: 10,
  videoHeight: 720,
  getVideoPlaybackQuality: () => ({ droppedVideoFrames: 1204 }),
} as unknown as HTMLVideoElement;

async function showFigures(lng: 'en' | 'fr' | 'bg') {
  await setLanguage(lng);
  render(<PlaybackFiguresPanel hls={{ current: hls }} video={{ current: video }} />);
}

const figure = (id: string) => screen.getByTestId(id).textContent?.replace(/[\u00a0\u202f]/g, ' ');

afterEach(() => setLanguage('en'));

describe('the stream check’s figures', () => {
  it('write numbers the English way', async () => {
    await showFigures('en');
    expect(figure('latency-s')).toBe('2.0 s');
    expect(figure('buffer-ahead-s')).toBe('4.3 s');
    expect(figure('bitrate-kbps')).toBe('2,500 kb/s');
    expect(figure('dropped-frames')).toBe('1,204');
  });

  it('write a decimal comma in Bulgarian and French', async () => {
    await showFigures('bg');
    expect(figure('latency-s')).toBe('2,0 с');
    expect(figure('buffer-ahead-s')).toBe('4,3 с');
    expect(figure('bitrate-kbps')).toBe('2500 кб/с');
  });

  it('write a decimal comma and spaced thousands in French', async () => {
    await showFigures('fr');
    expect(figure('latency-s')).toBe('2,0 s');
    expect(figure('bitrate-kbps')).toBe('2 500 kb/s');
  });
});
