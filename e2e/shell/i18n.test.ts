import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { suiteBrowser } from '../support/browser';
import { pickLanguage } from '../support/language';
import { urlFor } from '../support/urls';
import { started, visit } from '../support/visit';

const signInLink = (page: Page) => page.getByRole('banner').getByRole('link').last().textContent();

describe('languages', () => {
  const browser = suiteBrowser();

  it('switches to French and Bulgarian, formats dates in them, and remembers the choice', async () => {
    const { context, page } = await visit(browser());
    await page.goto(urlFor('localhost'));
    await started(page);
    // A game's date on the home page's first rail.
    const badge = page.getByRole('main').locator('article time').first();
    expect(await badge.textContent()).toMatch(/^(Sun|Mon|Tue|Wed|Thu|Fri|Sat), /);

    await pickLanguage(page, 'fr', 'Language');
    await expect.poll(() => signInLink(page)).toBe('Se connecter');
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    await page.getByRole('heading', { level: 2, name: 'En direct' }).waitFor();
    expect(await badge.textContent()).toMatch(/^(lun|mar|mer|jeu|ven|sam|dim)\. \d+ /);
    expect(await page.getByRole('contentinfo').textContent()).toContain('Tous droits réservés.');

    await page.reload();
    await started(page);
    expect(await signInLink(page)).toBe('Se connecter');

    await pickLanguage(page, 'bg', 'Langue');
    await expect.poll(() => signInLink(page)).toBe('Вход');
    expect(await page.getAttribute('html', 'lang')).toBe('bg');
    await page.getByRole('heading', { level: 2, name: 'На живо' }).waitFor();
    expect(await badge.textContent()).toMatch(/^(пн|вт|ср|чт|пт|сб|нд), \d+/);

    await page.goto(urlFor('localhost', '/nowhere'));
    await page.waitForURL('**/404');
    await expect.poll(() => page.title()).toBe('Хм... Съжаляваме! - Мачът не е намерен');
    await context.close();
  });

  it('starts in the channel language, and a fan can switch the Bulgarian channel to English', async () => {
    const { context, page } = await visit(browser());
    await page.goto(urlFor('sofia.localhost'));
    await started(page);
    expect(await signInLink(page)).toBe('Вход');
    await pickLanguage(page, 'en', 'Език');
    await expect.poll(() => signInLink(page)).toBe('Sign in');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.reload();
    await started(page);
    expect(await signInLink(page)).toBe('Sign in');
    await context.close();
  });
});
