import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { changeBootAnswers } from '../support/boot-answers';
import { suiteBrowser } from '../support/browser';
import { urlFor } from '../support/urls';
import { started, visit } from '../support/visit';

type Sent = { path: string; body: Record<string, unknown> | null };

/** Stands in for the analytics collector and records what reaches it. */
async function collector(page: Page): Promise<Sent[]> {
  const sent: Sent[] = [];
  await page.route('**/analytics/**', async (route: Route) => {
    const request = route.request();
    const path = new URL(request.url()).pathname;
    sent.push({ path: path + new URL(request.url()).search, body: request.postDataJSON() });
    if (path.endsWith('/hash')) return route.fulfill({ json: { data: { hash: 'profile-hash-1' } } });
    return route.fulfill({ status: 202, json: { data: { ok: true } } });
  });
  return sent;
}
const enableAnalytics = (page: Page) => page.addInitScript(() => localStorage.setItem('sideline:analytics', 'on'));

/** The channel file (it comes with the page) with some fields changed, as a channel with other settings would. */
const channelFile = (page: Page, change: (file: Record<string, unknown>) => void) =>
  changeBootAnswers(page, (answers) => change(answers['/channel.json']));

describe('page tracking and error reporting', () => {
  const browser = suiteBrowser();

  it('sends nothing on localhost unless switched on', async () => {
    const { context, page, requests } = await visit(browser());
    await page.goto(urlFor('localhost'));
    await started(page);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Schedule' }).click();
    await page.waitForURL('**/schedule');
    await page.waitForTimeout(500);
    expect(requests.filter((r) => /analytics|googletagmanager/.test(r.url()))).toEqual([]);
    await context.close();
  });

  it('sends a page view with the previous page after each navigation', async () => {
    const { context, page } = await visit(browser());
    await enableAnalytics(page);
    const sent = await collector(page);
    await page.goto(urlFor('localhost'));
    await started(page);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Schedule' }).click();
    await page.waitForURL('**/schedule');
    await expect.poll(() => sent.filter((s) => s.path === '/analytics/events').length).toBe(2);

    expect(sent[0]?.path).toBe('/analytics/hash?key=hcn-demo');
    expect(sent[1]).toMatchObject({
      path: '/analytics/session',
      body: { key: 'hcn-demo', profile: 'profile-hash-1', device_type: 'desktop', resolution: expect.any(String) },
    });
    const session = sent[1]?.body?.session;
    expect(sent.filter((s) => s.path === '/analytics/events').map((s) => s.body)).toEqual([
      { key: 'hcn-demo', session, name: 'page_view', page: '/', previous_page: null },
      { key: 'hcn-demo', session, name: 'page_view', page: '/schedule', previous_page: '/' },
    ]);
    expect(await page.evaluate(() => localStorage.getItem('sideline:analytics-profile'))).toBe('profile-hash-1');
    await context.close();
  });

  it('loads Google Tag only when the channel sets a tag id, and sends it page views', async () => {
    const { context, page, requests } = await visit(browser());
    await enableAnalytics(page);
    await collector(page);
    await page.route('https://www.googletagmanager.com/**', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: '/* gtag.js */' }),
    );
    await page.goto(urlFor('localhost'));
    await started(page);
    expect(requests.some((r) => r.url().includes('googletagmanager'))).toBe(false);

    await channelFile(page, (file) => {
      file['google-analytics'] = { 'google-tag': 'G-TEST123' };
    });
    await page.reload();
    await started(page);
    await expect
      .poll(() => requests.map((r) => r.url()).find((u) => u.includes('googletagmanager')))
      .toBe('https://www.googletagmanager.com/gtag/js?id=G-TEST123');
    const pageViews = await page.evaluate(() =>
      ((window as unknown as { dataLayer: IArguments[] }).dataLayer ?? [])
        .map((args) => Array.from(args))
        .filter((args) => args[0] === 'event' && args[1] === 'page_view'),
    );
    expect(pageViews).toEqual([['event', 'page_view', expect.objectContaining({ page_path: '/' })]]);
    await context.close();
  });

  it('reports a failed request to Sentry, loading its SDK only when the channel gives a DSN', async () => {
    const { context, page, requests } = await visit(browser());
    const reports: string[] = [];
    await page.route('https://sentry.example.test/**', async (route) => {
      reports.push(route.request().postData() ?? '');
      await route.fulfill({ status: 200, json: {} });
    });
    // The FAQ call carries the fan's language (`/api/faq?lang=en`).
    await page.route(/\/api\/faq(\?|$)/, (route) =>
      route.fulfill({
        status: 500,
        json: { error: { status: 500, code: 'internal_error', message: 'Something went wrong' } },
      }),
    );
    await page.goto(urlFor('localhost', '/'));
    await started(page);
    await page.goto(urlFor('localhost', '/faq'));
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    expect(requests.some((r) => /\/sentry-[\w-]+\.js$/.test(r.url()))).toBe(false);

    await channelFile(page, (file) => {
      file.providers = { ...(file.providers as object), sentry: { dsn: 'https://publickey@sentry.example.test/42' } };
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await expect.poll(() => reports.some((r) => r.includes('/api/faq')), { timeout: 10_000 }).toBe(true);
    expect(requests.some((r) => /\/sentry-[\w-]+\.js$/.test(r.url()))).toBe(true);
    await context.close();
  });
});
