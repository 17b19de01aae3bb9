import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { connectBrowser } from '../support/browser';
import { SHARED_SERVER_ENV } from '../support/global-setup';
import { type RunningServer, startServer } from '../support/server';
import { visit } from '../support/visit';
import { findEvent } from './watch';

// The English demo channel allows the United States and Canada; this server places local visitors in France.
describe('a visitor from a blocked region', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ ...SHARED_SERVER_ENV, GEO_LOCAL_COUNTRY: 'FR' }),
      connectBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sees the region message instead of the game, in their language', async () => {
    const { id } = await findEvent(server.url, 'finished', (e) => e.type === 'free');
    const { context, page } = await visit(browser);
    await page.goto(`${server.url}/watch/${id}`);
    await page.getByRole('heading', { name: 'Region blocked' }).waitFor();
    await page.getByText('The service is geo-restricted: this game can’t be shown in your region.').waitFor();

    await page.evaluate(() => localStorage.setItem('sideline:language', 'fr'));
    await page.reload();
    await page.getByRole('heading', { name: 'Région bloquée' }).waitFor();
    await context.close();
  });
});
