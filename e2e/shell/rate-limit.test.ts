import { describe, expect, it } from 'vitest';
import { suiteBrowser } from '../support/browser';
import { urlFor } from '../support/urls';
import { started, visit } from '../support/visit';

/** Spec section 8: a 429 is a global error, rejected without retry: the server hears the call once. */
describe('a rate-limited call', () => {
  const browser = suiteBrowser();

  it('is asked once, and the fan sees one notice', async () => {
    const { context, page } = await visit(browser());
    let asked = 0;
    await page.route('**/api/events-for-homepage*', async (route) => {
      asked++;
      await route.fulfill({
        status: 429,
        json: { error: { status: 429, code: 'rate_limited', message: 'Too many requests' } },
      });
    });
    await page.goto(urlFor('localhost', '/'));
    await started(page);
    await page.getByText('Too many requests').first().waitFor();
    // Long enough for a remount's refetch (it came 200 to 350 ms after the first answer).
    await page.waitForTimeout(1500);
    expect(asked).toBe(1);
    expect(await page.getByText('Too many requests').count()).toBe(1);
    await context.close();
  });
});
