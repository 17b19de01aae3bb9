import { describe, expect, it } from 'vitest';
import { suiteBrowser } from '../support/browser';
import { urlFor } from '../support/urls';
import { started, visit } from '../support/visit';

/** Where a page opens: at its top when it is a new address, where it was when it is reloaded. */
describe('scroll position across page loads', () => {
  const browser = suiteBrowser();

  it('opens a typed address at the top, though the page before was scrolled down', async () => {
    const { context, page, errors } = await visit(browser(), { viewport: { width: 375, height: 740 } });
    await page.goto(urlFor('localhost', '/schedule'));
    await started(page);
    await page.evaluate(() => window.scrollTo(0, 900));
    await page.waitForFunction(() => window.scrollY >= 900);
    // The position is kept when the page goes (pagehide), as React Router does.
    await page.goto(urlFor('localhost', '/'));
    await started(page);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // A reload of the schedule comes back where the fan was.
    await page.goto(urlFor('localhost', '/schedule'));
    await started(page);
    await page.evaluate(() => window.scrollTo(0, 900));
    await page.waitForFunction(() => window.scrollY >= 900);
    await page.reload();
    await started(page);
    await page.waitForFunction(() => window.scrollY > 0, undefined, { timeout: 5000 });
    expect(errors).toEqual([]);
    await context.close();
  });
});
