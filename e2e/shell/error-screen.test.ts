import { describe, expect, it } from 'vitest';
import { suiteBrowser } from '../support/browser';
import { urlFor } from '../support/urls';
import { started, visit } from '../support/visit';

const keyError = {
  error: { status: 401, code: 'api_key_invalid', field: 'api_key', message: 'No channel or api key found' },
};

describe('technical difficulties', () => {
  const browser = suiteBrowser();

  it('shows when the API is down; reload is locked for 60 s, then fetches a new key and reloads', async () => {
    const { context, page, requests } = await visit(browser());
    await page.clock.install();
    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    await page.goto(urlFor('localhost'));

    const reload = page.getByRole('button', { name: 'Reload' });
    await reload.waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('We’ll be right back');
    expect(await page.getByText('The service is experiencing technical difficulties').isVisible()).toBe(true);
    expect(await reload.isDisabled()).toBe(true);
    expect(await page.getByText('You can reload in 60 s').isVisible()).toBe(true);

    await page.clock.runFor(30_000);
    expect(await page.getByText('You can reload in 30 s').isVisible()).toBe(true);
    expect(await reload.isDisabled()).toBe(true);
    await page.clock.runFor(30_000);
    await expect.poll(() => reload.isEnabled()).toBe(true);
    expect(await page.getByText(/You can reload in/).count()).toBe(0);

    // The API is back: the button fetches a new key, then the app starts with it.
    await page.unroute('**/api/**');
    requests.length = 0;
    const keyCall = page.waitForResponse((r) => r.url().endsWith('/api/get_api_key') && r.status() === 201);
    await reload.click();
    await keyCall;
    await started(page);
    expect(await page.evaluate(() => localStorage.getItem('sideline:api-key'))).toMatch(/^[\w-]{20,}$/);
    // The key fetched by the button is the one the restarted app uses: it fetches none itself.
    expect(requests.filter((r) => r.url().endsWith('/api/get_api_key'))).toHaveLength(1);
    await context.close();
  });

  it('shows when a key error survives its retry, after dropping the key and fetching a new one', async () => {
    const { context, page, requests } = await visit(browser());
    await page.addInitScript(() => localStorage.setItem('sideline:api-key', 'revoked-key'));
    await page.route(
      (url) => url.pathname === '/api/profile',
      (route) => route.fulfill({ status: 401, json: keyError }),
    );
    const keyEvents: unknown[] = [];
    await page.exposeFunction('recordKeyEvent', (detail: unknown) => keyEvents.push(detail));
    await page.addInitScript(() =>
      window.addEventListener('sideline:api-key-error', (e) => {
        const { error, url } = (e as CustomEvent<{ error: { code: string }; url: string }>).detail;
        (window as unknown as { recordKeyEvent: (d: unknown) => void }).recordKeyEvent({ code: error.code, url });
      }),
    );
    await page.goto(urlFor('localhost'));
    await page.getByRole('button', { name: 'Reload' }).waitFor();

    const profileCalls = requests.filter((r) => new URL(r.url()).pathname === '/api/profile');
    expect(profileCalls.map((r) => new URL(r.url()).searchParams.get('api_key'))).toEqual([
      'revoked-key',
      expect.not.stringMatching('revoked-key'),
    ]);
    expect(requests.filter((r) => r.url().endsWith('/api/get_api_key'))).toHaveLength(1);
    expect(keyEvents).toEqual([{ code: 'api_key_invalid', url: expect.stringMatching(/\/api\/profile$/) }]);
    await context.close();
  });
});
