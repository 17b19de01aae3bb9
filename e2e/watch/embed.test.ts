import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { suiteBrowser } from '../support/browser';
import { visit } from '../support/visit';
import { findEvent } from './watch';

/** Another site (another origin: its own port) whose page embeds the player in an iframe. */
function hostSite(embedUrl: string): Promise<{ url: string; server: Server }> {
  const html = `<!doctype html><html lang="en"><head><title>A school's site</title></head><body>
<h1>Tonight's game</h1>
<iframe title="Game" src="${embedUrl}" width="640" height="360" allow="autoplay; fullscreen; picture-in-picture"></iframe>
</body></html>`;
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/`, server });
    }),
  );
}

describe('the embeddable player', () => {
  const browser = suiteBrowser();
  let site: { url: string; server: Server };
  let eventId: number;
  beforeAll(async () => {
    eventId = (await findEvent(inject('baseUrl'), 'finished', (e) => e.type === 'free')).id;
    site = await hostSite(`${inject('baseUrl')}/watch_embed/${eventId}`);
  });
  afterAll(async () => {
    await new Promise((r) => site?.server.close(r));
  });

  it('plays inside an iframe on another origin, without the channel’s header or footer', async () => {
    const { context, page, errors } = await visit(browser());
    await page.goto(site.url);
    const frame = page.frameLocator('iframe[title="Game"]');
    // The advertisement, then the game, in the frame.
    await frame.locator('[data-kind]').waitFor();
    await expect
      .poll(
        () =>
          frame
            .locator('video')
            .evaluate((v: HTMLVideoElement) => v.currentTime > 0.5 && !v.paused)
            .catch(() => false),
        { timeout: 30_000 },
      )
      .toBe(true);
    expect(await frame.getByRole('banner').count()).toBe(0);
    expect(await frame.getByRole('contentinfo').count()).toBe(0);
    const box = await frame.getByRole('region', { name: /^Video player/ }).boundingBox();
    expect(box?.width).toBeLessThanOrEqual(640);
    expect(errors).toEqual([]);
    await context.close();
  });
});
