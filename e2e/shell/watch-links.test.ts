import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { suiteBrowser } from '../support/browser';
import { pickLanguage } from '../support/language';
import { type Host, urlFor } from '../support/urls';
import { started, visit, where } from '../support/visit';

const FOOTER = {
  en: { library: 'Video library', moments: 'Moments' },
  fr: { library: 'Vidéothèque', moments: 'Moments' },
  bg: { library: 'Видеотека', moments: 'Моменти' },
} as const;

const footerLink = (page: Page, name: string) => page.getByRole('contentinfo').getByRole('link', { name, exact: true });

describe('the video library and Moments are reached by clicking, not only by address', () => {
  const browser = suiteBrowser();

  it.each([
    ['localhost', 'en'],
    ['localhost', 'fr'],
    ['localhost', 'bg'],
    ['sofia.localhost', 'bg'],
    ['sofia.localhost', 'en'],
    ['sofia.localhost', 'fr'],
  ] as [Host, keyof typeof FOOTER][])('%s in %s: from the home page’s footer', async (host, lng) => {
    const { context, page } = await visit(browser());
    await page.goto(urlFor(host));
    await started(page);
    await pickLanguage(page, lng);
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe(lng);
    await footerLink(page, FOOTER[lng].library).click();
    await page.waitForURL('**/vod_library');
    await footerLink(page, FOOTER[lng].moments).click();
    await page.waitForURL('**/moments');
    expect(where(page)).toBe('/moments');
    await context.close();
  });

  it.each([
    { host: 'localhost' as Host, open: 'More', library: 'Video Library', moments: 'Moments' },
    { host: 'sofia.localhost' as Host, open: null, library: 'Видеотека', moments: 'Моменти' },
  ])('$host: from the channel’s menu', async ({ host, open, library, moments }) => {
    const { context, page } = await visit(browser());
    await page.goto(urlFor(host));
    await started(page);
    const nav = page.getByRole('banner').getByRole('navigation').first();
    /** The entry, in its group or the "more" list when it did not fit on the row. */
    const follow = async (name: string) => {
      const link = nav.getByRole('link', { name, exact: true });
      if (!(await link.isVisible())) {
        await nav.getByRole('button', { name: open ?? /More|Още|Plus/ }).click();
      }
      await link.click();
    };
    await follow(library);
    await page.waitForURL('**/vod_library');
    await follow(moments);
    await page.waitForURL('**/moments');
    await context.close();
  });
});
