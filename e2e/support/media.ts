import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Packaged demo media kept across test runs on this machine (cached by content, so never stale). */
export const DEMO_MEDIA_CACHE = path.join(tmpdir(), 'sideline-media-cache');

/** The demo's assets: the games of both channels and the prerolls. */
const DEMO_ASSETS = [
  'vod/heartland-1',
  'vod/heartland-2',
  'vod/heartland-3',
  'vod/sofia-1',
  'vod/sofia-2',
  'preroll/conference-promo',
  'preroll/tickets-promo',
];

/** Waits until every demo asset of a server's data folder has its master playlist. */
export async function waitForDemoMedia(dataDir: string, timeoutMs = 15 * 60_000) {
  const until = Date.now() + timeoutMs;
  const missing = () => DEMO_ASSETS.filter((a) => !existsSync(path.join(dataDir, 'media', 'hls', a, 'master.m3u8')));
  while (missing().length) {
    if (Date.now() > until) throw new Error(`demo media not ready: ${missing().join(', ')}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}
