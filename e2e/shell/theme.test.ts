import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { changeBootAnswers } from '../support/boot-answers';
import { suiteBrowser } from '../support/browser';
import { urlFor } from '../support/urls';
import { started, visit } from '../support/visit';

const headerBackground = (page: Page) =>
  page.getByRole('banner').evaluate((el) => getComputedStyle(el).backgroundColor);
const cssVar = (page: Page, name: string) =>
  page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);

describe('theme', () => {
  const browser = suiteBrowser();

  it('paints each channel with its own colours', async () => {
    const { context, page } = await visit(browser());
    await page.goto(urlFor('localhost'));
    await started(page);
    expect(await headerBackground(page)).toBe('rgb(11, 31, 58)');
    await page.goto(urlFor('sofia.localhost'));
    await started(page);
    expect(await headerBackground(page)).toBe('rgb(15, 81, 50)');
    await context.close();
  });

  it('applies the colours the server sends, with the opacity steps as custom properties', async () => {
    const { context, page } = await visit(browser());
    // The colours come with the page (the server's answer to /api/color-settings/web).
    await changeBootAnswers(page, (answers) => {
      const colors = answers['/api/color-settings/web'].data;
      colors['header-background'] = '#7A1F5C';
      colors['body-text-color'] = '#202020';
    });
    await page.goto(urlFor('localhost'));
    await started(page);
    expect(await headerBackground(page)).toBe('rgb(122, 31, 92)');
    expect(await cssVar(page, '--header-background')).toBe('#7A1F5C');
    expect(await cssVar(page, '--header-background-50')).toBe('rgba(122, 31, 92, 0.5)');
    expect(await cssVar(page, '--body-text-color-95')).toBe('rgba(32, 32, 32, 0.95)');
    expect(await page.locator('body').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(32, 32, 32)');
    await context.close();
  });
});
