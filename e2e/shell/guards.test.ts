import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { suiteBrowser } from '../support/browser';
import { demoEvents } from '../support/catalogue';
import { urlFor } from '../support/urls';
import { started, visit, where } from '../support/visit';
import { signIn } from './fan';

const clickMenu = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name, exact: true }).click();

describe('navigation guards', () => {
  const browser = suiteBrowser();

  it('locks a fan with a temporary password to /profile/edit', async () => {
    const { context, page } = await visit(browser());
    await signIn(page, { temporary_password: true });
    await page.goto(urlFor('localhost', '/schedule'));
    await page.waitForURL('**/profile/edit');
    await page.getByRole('heading', { level: 1, name: 'Edit profile' }).waitFor();
    await clickMenu(page, 'Passes');
    await page.waitForTimeout(300);
    expect(where(page)).toBe('/profile/edit');
    await page.goto(urlFor('localhost', '/privacy_policy'));
    await page.waitForURL('**/profile/edit');
    await context.close();
  });

  it('sends a fan who has not chosen the basic pass to /packages, except on the allowed pages', async () => {
    const { context, page } = await visit(browser());
    await signIn(page, {}, 0);
    await page.goto(urlFor('localhost', '/'));
    await page.waitForURL('**/packages');
    await page.getByRole('heading', { level: 1, name: 'Passes' }).waitFor();
    await clickMenu(page, 'Schedule');
    await page.waitForTimeout(300);
    expect(where(page)).toBe('/packages');
    for (const path of ['/privacy_policy', '/terms_conditions', '/buy', '/select-package/8', '/packages']) {
      await page.goto(urlFor('localhost', path));
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(where(page), path).toBe(path);
    }
    await context.close();
  });

  it('plays no game in the splash for a fan it sends to the passes: no playback or playlist is asked for', async () => {
    const game = (await demoEvents('finished')).find((e) => e.type === 'free');
    if (!game) throw new Error('no free finished game in the demo');
    const { context, page, requests } = await visit(browser());
    await signIn(page, {}, 0);
    await page.goto(urlFor('localhost', '/'));
    await page.waitForURL('**/packages');
    requests.length = 0;
    await page.goto(urlFor('localhost', `/watch/${game.id}`));
    await page.waitForURL('**/packages');
    await page.getByRole('heading', { level: 1, name: 'Passes' }).waitFor();
    const asked = requests.map((r) => new URL(r.url()).pathname);
    expect(asked.filter((path) => path.endsWith('/playback') || path.endsWith('.m3u8'))).toEqual([]);
    await context.close();
  });

  it('sends a signed-in fan home from sign-in, registration and both password-reset pages', async () => {
    const { context, page } = await visit(browser());
    await signIn(page);
    for (const path of ['/login', '/registration', '/password-reset-request', '/password-reset']) {
      await page.goto(urlFor('localhost', path));
      await page.waitForURL(urlFor('localhost', '/'));
      await page.getByRole('banner').getByRole('link', { name: 'My account' }).waitFor();
    }
    await context.close();
  });

  it('sends a guest who goes from sign-in to checkout back to sign-in', async () => {
    const { context, page } = await visit(browser());
    await page.goto(urlFor('localhost', '/buy'));
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/login');
    // Back from sign-in to checkout: the guard keeps the guest on sign-in.
    await page.goBack();
    await page.waitForTimeout(300);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(where(page)).toBe('/login');
    await context.close();
  });

  it('stores the last page with its query and params, but not sign-in pages', async () => {
    const { context, page } = await visit(browser());
    await page.goto(urlFor('localhost', '/watch/12?t=30'));
    await started(page);
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/login');
    const stored = await page.evaluate(() => localStorage.getItem('sideline:last-page'));
    expect(JSON.parse(stored ?? 'null').value).toEqual({
      href: '/watch/12?t=30',
      pathname: '/watch/12',
      search: '?t=30',
      params: { id: '12' },
    });
    await context.close();
  });

  it('keeps the trk parameter for 3 hours and carries it on navigation', async () => {
    const { context, page } = await visit(browser());
    await page.clock.install();
    await page.goto(urlFor('localhost', '/?trk=spring-promo'));
    await started(page);
    await clickMenu(page, 'Schedule');
    await page.waitForURL('**/schedule?trk=spring-promo');
    await clickMenu(page, 'Live');
    await page.waitForURL('**/live?trk=spring-promo');

    await page.clock.fastForward('03:00:01');
    await clickMenu(page, 'Passes');
    await page.waitForURL('**/packages');
    expect(where(page)).toBe('/packages');
    await context.close();
  });
});
