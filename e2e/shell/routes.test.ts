import { describe, expect, it } from 'vitest';
import { suiteBrowser } from '../support/browser';
import { urlFor } from '../support/urls';
import { started, visit, where } from '../support/visit';
import { signIn } from './fan';

const NOT_FOUND_TITLE = 'Hmm... Sorry! - Game Not Found';

describe('routes', () => {
  const browser = suiteBrowser();

  it('sends unknown paths and non-numeric ids to /404, titled as the spec says, with a link home', async () => {
    const { context, page } = await visit(browser());
    for (const path of ['/no/such/page', '/watch/abc', '/watch_library/1x', '/select-package/0', '/share/abc/xyz']) {
      await page.goto(urlFor('localhost', path));
      await page.waitForURL('**/404');
      await page.getByRole('heading', { level: 1, name: NOT_FOUND_TITLE }).waitFor();
      await expect.poll(() => page.title(), { message: path }).toBe(NOT_FOUND_TITLE);
    }
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL(urlFor('localhost', '/'));
    await expect.poll(() => page.title()).toBe('Heartland Conference Network');
    await context.close();
  });

  it('opens every spec route with numeric ids, the listing aliases and the channel pages', async () => {
    const { context, page } = await visit(browser());
    await page.goto(urlFor('localhost'));
    await started(page);
    const expected: [string, string][] = [
      ['/login', 'Sign in'],
      ['/registration', 'Create an account'],
      ['/verify-notice', 'Check your inbox'],
      ['/verify-email', 'Verify your e-mail'],
      ['/password-reset-request', 'Forgot your password?'],
      ['/password-reset', 'Choose a new password'],
      ['/profile/edit', 'Edit profile'],
      ['/contacts', 'Contact us'],
      ['/faq', 'Frequently asked questions'],
      ['/about', 'About'],
      ['/moments', 'Moments'],
      ['/buy', 'Checkout'],
      ['/select-package/8', 'Choose your pass'],
      ['/packages', 'Passes'],
      ['/vod_library', 'Video library'],
      // The demo library's fourth video.
      ['/watch_library/4', 'Football highlights: week 1'],
      // No clip has this share id: the page says the clip is not available.
      ['/share/5/1b4e28ba-2fa1-11d2-883f-0016d3cca427', 'This clip is not available'],
      ['/upcoming', 'Upcoming games'],
      ['/vod', 'On demand'],
      ['/live', 'Live now'],
      ['/schedule', 'Schedule'],
      ['/simulate', 'Stream check'],
      ['/confirm-account-deletion', 'Delete account'],
      ['/privacy_policy', 'Privacy Policy'],
      ['/terms_conditions', 'Terms & Conditions'],
      ['/tickets', 'Tickets & Venues'],
    ];
    for (const [path, title] of expected) {
      await page.goto(urlFor('localhost', path));
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(where(page), path).toBe(path);
      await expect.poll(() => page.title(), { message: path }).toBe(`${title} · Heartland Conference Network`);
      // Views still to come say so, inside the channel's chrome.
      expect(await page.getByRole('banner').isVisible(), path).toBe(true);
      // The footer follows the page's content (its code loads after the first paint).
      await page.getByRole('contentinfo').waitFor();
    }
    expect(await page.getByText('Coming soon', { exact: true }).count()).toBe(0);
    // An on-demand game's page is titled with its teams.
    await page.goto(urlFor('localhost', '/vod/3'));
    const game = (await page.getByRole('heading', { level: 1, name: / @ / }).textContent()) ?? '';
    await expect.poll(() => page.title()).toBe(`${game} · Heartland Conference Network`);
    // So is a game's watch page.
    await page.goto(urlFor('localhost', '/watch/12'));
    const watched = (await page.getByRole('heading', { level: 1, name: / @ / }).textContent()) ?? '';
    await expect.poll(() => page.title()).toBe(`${watched} · Heartland Conference Network`);
    await context.close();
  });

  it('adds routes from the channel page list only: a page one channel lacks is not found', async () => {
    const { context, page } = await visit(browser());
    await page.goto(urlFor('sofia.localhost', '/tickets'));
    await page.waitForURL('**/404');
    await page.goto(urlFor('sofia.localhost', '/about'));
    await page.getByRole('heading', { level: 2, name: 'За Спортна мрежа София' }).waitFor();
    await context.close();
  });

  it('nests the profile: orders list with active orders at its empty path, transactions, clips', async () => {
    const { context, page } = await visit(browser());
    await page.goto(urlFor('localhost', '/profile'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Your account');
    expect(await page.getByRole('main').getByRole('link', { name: 'Sign in' }).isVisible()).toBe(true);

    await signIn(page);
    // The sign-in is the page's own (a faked profile): its account calls answer as for a fan with nothing bought.
    const empty = { data: [], meta: { total: 0, offset: 0, limit: 0 } };
    for (const call of ['/api/orders', '/api/transactions', '/api/stripe/list-cards', '/api/clips/user']) {
      await page.route(
        (url) => url.pathname === call,
        (route) => route.fulfill({ json: empty }),
      );
    }
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Orders' }).waitFor();
    const sections = () => page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
    expect(await sections()).toEqual(['Active passes', 'Orders']);
    const tabs = page.getByRole('navigation', { name: 'Account sections' });
    await tabs.getByRole('link', { name: 'Transactions' }).click();
    await page.waitForURL('**/profile/transactions');
    await page.getByRole('heading', { level: 2, name: 'Transactions' }).waitFor();
    expect(await sections()).toEqual(['Transactions', 'Saved cards']);
    await tabs.getByRole('link', { name: 'My clips' }).click();
    await page.waitForURL('**/profile/clips');
    await page.getByRole('heading', { level: 2, name: 'My clips' }).waitFor();
    expect(await sections()).toEqual(['My clips']);
    expect(await tabs.getByRole('link', { name: 'My clips' }).getAttribute('aria-current')).toBe('page');
    expect(await page.title()).toBe('My account · Heartland Conference Network');
    await context.close();
  });

  it('shows the embed route without header or footer', async () => {
    const { context, page } = await visit(browser());
    await page.goto(urlFor('localhost', '/watch_embed/12'));
    // The player (or the reason it cannot play) fills the page, titled with the game.
    await expect.poll(() => page.title()).toMatch(/ @ .* · Heartland Conference Network$/);
    await page.getByRole('main').waitFor();
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    expect(await page.getByRole('navigation').count()).toBe(0);
    await page.goto(urlFor('localhost', '/watch_embed/twelve'));
    await page.waitForURL('**/404');
    await context.close();
  });

  it('gives up on a view whose code takes over 120 s, and offers a retry that works', async () => {
    const { context, page } = await visit(browser());
    await page.clock.install();
    await page.route(/\/assets\/faq-[\w-]+\.js$/, () => {
      // Never answered: the chunk hangs.
    });
    await page.goto(urlFor('localhost'));
    await started(page);
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('link', { name: 'FAQ' }).click();
    await page.clock.runFor(119_000);
    expect(await page.getByRole('heading', { name: 'This page didn’t load' }).count()).toBe(0);
    await page.clock.runFor(1_500);
    await page.getByRole('heading', { name: 'This page didn’t load' }).waitFor();
    expect(await page.getByRole('banner').isVisible()).toBe(true);

    await page.unroute(/\/assets\/faq-[\w-]+\.js$/);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Frequently asked questions' }).waitFor();
    expect(where(page)).toBe('/faq');
    await context.close();
  });
});
