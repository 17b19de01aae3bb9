import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { urlFor } from '../support/urls';
import { started, visit } from './fan';

const headerBackground = (page: Page) =>
  page.getByRole('banner').evaluate((el) => getComputedStyle(el).backgroundColor);
const cssVar = (page: Page, name: string) =>
  page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);

describe('theme', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('paints each channel with its own colours', async () => {
    const { context, page } = await visit(browser);
    await page.goto(urlFor('localhost'));
    await started(page);
    expect(await headerBackground(page)).toBe('rgb(11, 31, 58)');
    await page.goto(urlFor('sofia.localhost'));
    await started(page);
    expect(await headerBackground(page)).toBe('rgb(15, 81, 50)');
    await context.close();
  });

  it('applies the colours the server sends, with the opacity steps as custom properties', async () => {
    const { context, page } = await visit(browser);
    await page.route('**/api/color-settings/web', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { data: Record<string, string> };
      body.data['header-background'] = '#7A1F5C';
      body.data['body-text-color'] = '#202020';
      await route.fulfill({ response: res, json: body });
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
