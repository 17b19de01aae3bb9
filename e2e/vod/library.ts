import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';

/** The English channel's library videos (`vod/lib-heartland-1..4`), packaged at the server's start. */
const LIBRARY_ASSETS = ['1', '2', '3', '4'].map((n) => `vod/lib-heartland-${n}`);

/** Waits until the shared server has packaged the English channel's library videos (cached after a first run). */
export async function waitForLibraryMedia(timeoutMs = 10 * 60_000) {
  const dir = path.join(inject('dataDir'), 'media', 'hls');
  const until = Date.now() + timeoutMs;
  while (!LIBRARY_ASSETS.every((a) => existsSync(path.join(dir, a, 'master.m3u8')))) {
    if (Date.now() > until) throw new Error('library media not ready');
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** The video element's clock and state. */
export const videoTime = (page: Page) =>
  page.evaluate(() => {
    const video = document.querySelector('video');
    return video ? { currentTime: video.currentTime, paused: video.paused } : null;
  });
