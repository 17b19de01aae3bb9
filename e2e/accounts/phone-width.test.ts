import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AXE_CONTEXT, seriousViolations } from '../support/a11y';
import { suiteBrowser } from '../support/browser';
import { PREMIUM_FAN, signInThroughApi } from '../support/sign-in';
import { type Host, urlFor } from '../support/urls';
import { visit } from '../support/visit';

const PHONE = 320;

/** The pages a signed-in fan reaches from the menu and the account's tabs (a game's page has its own checks). */
const PAGES = [
  '/',
  '/schedule',
  '/vod_library',
  '/moments',
  '/packages',
  '/profile',
  '/profile/transactions',
  '/profile/clips',
  '/profile/favorites',
  '/profile/edit',
  '/faq',
  '/contacts',
  '/simulate',
];

/** How far the page reaches past the window's right edge; a fan would have to scroll sideways to read it. */
const spill = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Each cell of the tables in main, as its text and whether it lies wholly inside the window. */
const cellsInView = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('cell')
    .evaluateAll((cells) =>
      cells.map((cell) => {
        const box = cell.getBoundingClientRect();
        return { text: cell.textContent, inside: box.left >= 0 && box.right <= window.innerWidth };
      }),
    );

async function expectFit(page: Page, host: Host, paths: readonly string[]) {
  for (const path of paths) {
    await page.goto(urlFor(host, path));
    await page.getByRole('main').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await spill(page), `${host}${path}`).toBe(0);
  }
}

/**
 * At a small phone's width no page pushes past the window, in the languages with the longest words. The account's
 * orders and payments were tables of four and five columns: 60 to 180 px too wide at 320 px.
 */
describe('every page fits a 320 px phone', () => {
  const browser = suiteBrowser();

  for (const language of ['bg', 'fr']) {
    it(`signed in, in '${language}'`, async () => {
      const { context, page, errors } = await visit(browser(), {
        ...AXE_CONTEXT,
        viewport: { width: PHONE, height: 740 },
      });
      await page.addInitScript((lng) => localStorage.setItem('sideline:language', lng), language);
      await signInThroughApi(page, PREMIUM_FAN);
      await expectFit(page, 'localhost', PAGES);

      // The seeded annual pass is in both lists, every cell readable without scrolling sideways.
      for (const path of ['/profile', '/profile/transactions']) {
        await page.goto(urlFor('localhost', path));
        await page.getByRole('main').getByRole('cell', { name: 'Annual Pass' }).waitFor();
        const cells = await cellsInView(page);
        expect(cells.length, path).toBeGreaterThanOrEqual(4);
        expect(
          cells.filter((cell) => !cell.inside),
          path,
        ).toEqual([]);
        expect(await spill(page), path).toBe(0);
        // As cards the lists keep their table roles and labels for a screen reader.
        expect(await seriousViolations(page), path).toEqual([]);
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('as a guest of the Bulgarian channel (its own names and texts), sign-in pages included', async () => {
    const { context, page, errors } = await visit(browser(), { viewport: { width: PHONE, height: 740 } });
    const guestPages = PAGES.filter((path) => !path.startsWith('/profile'));
    await expectFit(page, 'sofia.localhost', [...guestPages, '/login', '/registration', '/password-reset-request']);
    expect(errors).toEqual([]);
    await context.close();
  });
});
