import { describe, expect, it } from 'vitest';
import { suiteBrowser } from '../support/browser';
import { urlFor } from '../support/urls';
import { started, visit } from '../support/visit';

/** Spec sections 4, 6 and 7: the app asks GET /geo, keeps the answer, and tells a blocked fan on every page. */
describe('the region notice', () => {
  const browser = suiteBrowser();

  it('shows on every page for a blocked fan, in their language, and the answer is kept in the browser', async () => {
    const { context, page, errors } = await visit(browser());
    let asked = 0;
    await page.route('**/api/geo?*', async (route) => {
      asked++;
      expect(new URL(route.request().url()).searchParams.get('api_key')).toBeTruthy();
      await route.fulfill({
        json: { data: { country: 'France', country_code: 'FR', ip: '192.0.2.7', is_geo_blocked: true } },
      });
    });
    await page.goto(urlFor('localhost', '/'));
    await started(page);
    const notice = page.getByRole('status').filter({ hasText: 'geo-restricted' });
    await notice.waitFor();
    expect(await notice.textContent()).toBe('This service is geo-restricted: its games can’t be shown in your region.');
    const kept = await page.evaluate(() => localStorage.getItem('sideline:geo'));
    expect(JSON.parse(kept ?? '{}').value).toMatchObject({ country_code: 'FR', is_geo_blocked: true });
    // Another page in the app: the notice stays, without asking again.
    await page.getByRole('banner').getByRole('link', { name: 'Passes' }).first().click();
    await page.waitForURL(/\/packages$/);
    expect(await notice.isVisible()).toBe(true);
    expect(asked).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is not there for a fan the channel serves', async () => {
    const { context, page } = await visit(browser());
    const geo = page.waitForResponse((r) => r.url().includes('/api/geo?'));
    await page.goto(urlFor('localhost', '/'));
    await started(page);
    expect((await (await geo).json()).data.is_geo_blocked).toBe(false);
    expect(await page.getByText('geo-restricted').count()).toBe(0);
    await context.close();
  });
});
