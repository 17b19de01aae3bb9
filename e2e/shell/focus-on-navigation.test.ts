import { describe, expect, it } from 'vitest';
import { suiteBrowser } from '../support/browser';
import { urlFor } from '../support/urls';
import { started, visit } from '../support/visit';

/** A keyboard or screen-reader fan who follows a menu link lands in the new page, not back in the header. */
describe('focus after moving to another page', () => {
  const browser = suiteBrowser();

  it('goes to the page itself, and the next Tab is inside it', async () => {
    const { context, page, errors } = await visit(browser());
    await page.goto(urlFor('localhost', '/'));
    await started(page);
    const passes = page.getByRole('banner').getByRole('link', { name: 'Passes' }).first();
    await passes.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/packages$/);
    await page.waitForFunction(() => document.activeElement?.id === 'main');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
