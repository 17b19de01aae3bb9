import { describe, expect, it } from 'vitest';
import { suiteBrowser } from '../support/browser';
import { urlFor } from '../support/urls';
import { started, visit } from '../support/visit';

describe('a guest’s pages', () => {
  const browser = suiteBrowser();

  it('make no call answered 401 and log no console error, from the first visit to later ones', async () => {
    const { context, page, errors } = await visit(browser());
    const unauthorized: string[] = [];
    const consoleErrors: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 401) unauthorized.push(new URL(r.url()).pathname);
    });
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    for (const path of ['/', '/schedule', '/vod_library', '/moments', '/faq', '/packages', '/', '/live']) {
      await page.goto(urlFor('localhost', path));
      await started(page);
      await page.waitForLoadState('networkidle');
    }
    // Navigating in the app, too.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Video library' }).click();
    await page.waitForURL('**/vod_library');
    await page.waitForLoadState('networkidle');
    expect(unauthorized).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
