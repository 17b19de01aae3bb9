import { describe, expect, it } from 'vitest';
import { suiteBrowser } from '../support/browser';
import { urlFor } from '../support/urls';
import { started, visit } from '../support/visit';

/** The header's menu behind its button on a phone, as a keyboard or switch user works it. */
describe('the phone menu', () => {
  const browser = suiteBrowser();

  it('closes on Escape with the focus back on its button, not at the start of the page', async () => {
    const { context, page, errors } = await visit(browser(), { viewport: { width: 375, height: 740 } });
    await page.goto(urlFor('localhost', '/schedule'));
    await started(page);
    const button = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await nav.getByRole('link').first().focus();
    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await nav.isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
