import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AXE_CONTEXT, seriousViolations } from '../support/a11y';
import { suiteBrowser } from '../support/browser';
import { pickLanguage } from '../support/language';
import { signInAsFan } from '../support/sign-in';
import { type Host, urlFor } from '../support/urls';
import { started, visit } from '../support/visit';

/** The header's one-row height (`--header-height`); a wrapped menu made it 88 px. */
const ONE_ROW = 64;
const WIDTHS = [1280, 1300, 1366, 1400, 1440];

const headerHeight = (page: Page) =>
  page.getByRole('banner').evaluate((header) => Math.round(header.getBoundingClientRect().height));

/**
 * The menu's top-level entries as a fan can reach them: those shown on the row, then those in "more" (a group
 * there shows its name above its pages), and whether the shown ones share one line.
 */
const menuEntries = (page: Page) =>
  page.getByRole('navigation', { name: /Main menu|Menu principal|Основно меню/ }).evaluate((nav) => {
    // An entry's own label: a link, a group's button, or a group's name in "more" (not its pages).
    const name = (li: Element) =>
      li
        .querySelector(':scope > a, :scope > span, :scope > div > button')
        ?.textContent?.replace(/\(.*\)/, '')
        .trim() ?? '';
    // Set-aside entries are laid out but hidden (`visibility`), so the check must look at that property too.
    const seen = (el: Element) => el.checkVisibility({ visibilityProperty: true });
    const shown = [...nav.querySelectorAll(':scope > ul > li')].filter(seen);
    const more = nav.querySelector(':scope > div');
    const folded = more && seen(more) ? [...more.querySelectorAll(':scope > ul > li')].map(name) : [];
    const tops = new Set(shown.map((li) => Math.round(li.getBoundingClientRect().top)));
    return { names: [...shown.map(name), ...folded], oneLine: tops.size === 1 };
  });

/** The channel's menu, top-level names in order, as the API gives it. */
const channelMenu = (page: Page) =>
  page.evaluate(async () => {
    const { data } = (await (await fetch('/api/menu')).json()) as { data: { name: string; position: number }[] };
    return data.sort((a, b) => a.position - b.position).map((item) => item.name);
  });

async function expectOneRow(page: Page, menu: string[], what: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await expect.poll(() => headerHeight(page), { message: `${what} at ${width} px` }).toBe(ONE_ROW);
    const entries = await menuEntries(page);
    expect(entries, `${what} at ${width} px`).toEqual({ names: menu, oneLine: true });
  }
}

describe('the header stays on one row from 1280 to 1440 px', () => {
  const browser = suiteBrowser();

  it('on the Bulgarian channel, signed in: the entries that do not fit are under "Още"', async () => {
    const { context, page, errors } = await visit(browser(), AXE_CONTEXT);
    await signInAsFan(page, 'sofia.localhost');
    await page.goto(urlFor('sofia.localhost'));
    await page.getByRole('banner').getByRole('button', { name: 'Меню на профила' }).waitFor();
    const menu = await channelMenu(page);

    for (const width of [1280, 1366, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      await expect.poll(() => headerHeight(page), { message: `${width} px` }).toBe(ONE_ROW);
      expect((await menuEntries(page)).names).toEqual(menu);
    }

    // At 1280 px the last entries are in "Още"; one of them opens its page.
    await page.setViewportSize({ width: 1280, height: 800 });
    const nav = page.getByRole('navigation', { name: 'Основно меню' });
    const more = nav.getByRole('button', { name: 'Още' });
    await more.click();
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    const folded = nav.locator(`#${await more.getAttribute('aria-controls')}`).getByRole('link');
    const last = menu.at(-1) ?? '';
    await folded.filter({ hasText: last }).waitFor();
    expect(await nav.getByRole('link', { name: last, exact: true }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    await more.click();
    await folded.filter({ hasText: last }).click();
    await page.getByRole('heading', { level: 1, name: last }).waitFor();
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);

  for (const host of ['sofia.localhost', 'localhost'] as Host[]) {
    it(`on ${host}, in English, French and Bulgarian, signed out and in`, async () => {
      const { context, page } = await visit(browser());
      await page.goto(urlFor(host));
      await started(page);
      const menu = await channelMenu(page);
      for (const signedIn of [false, true]) {
        if (signedIn) {
          await signInAsFan(page, host);
          await page.goto(urlFor(host));
          await started(page);
        }
        for (const lng of ['en', 'fr', 'bg']) {
          await pickLanguage(page, lng);
          await expect.poll(() => page.getAttribute('html', 'lang')).toBe(lng);
          await expectOneRow(page, menu, `${host}, ${lng}, ${signedIn ? 'signed in' : 'signed out'}`);
        }
      }
      await context.close();
      // Thirty widths, each waited for: close to a minute on a loaded two-core machine.
    }, 150_000);
  }
});
