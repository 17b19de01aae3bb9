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

/** Signs the demo's premium fan in (annual subscription: the library is in it), as the sign-in form would. */
export async function signInAsPremium(page: Page) {
  await page.goto(`${inject('baseUrl')}/404`);
  await page.waitForFunction(() => localStorage.getItem('sideline:api-key'));
  const status = await page.evaluate(async () => {
    const res = await fetch('/api/v2/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'premium@sideline.test',
        password: 'Sideline-demo-1',
        api_key: localStorage.getItem('sideline:api-key'),
      }),
    });
    const body = (await res.json()) as { data?: { api_key: string } };
    if (body.data) localStorage.setItem('sideline:api-key', body.data.api_key);
    return res.status;
  });
  if (status !== 200) throw new Error(`premium sign-in answered ${status}`);
}

/** The video element's clock and state. */
export const videoTime = (page: Page) =>
  page.evaluate(() => {
    const video = document.querySelector('video');
    return video ? { currentTime: video.currentTime, paused: video.paused } : null;
  });
