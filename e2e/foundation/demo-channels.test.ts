import { describe, expect, it } from 'vitest';
import { newContext, suiteBrowser } from '../support/browser';
import { urlFor } from '../support/urls';

describe('demo channels in Chromium', () => {
  const browser = suiteBrowser();

  it.each([
    { host: 'localhost' as const, name: 'Heartland Conference Network', lang: 'en' },
    { host: 'sofia.localhost' as const, name: 'Спортна мрежа София', lang: 'bg' },
  ])('$host shows its own name and language from the server', async ({ host, name, lang }) => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const first = await page.goto(urlFor(host));
    // The very first paint, before any script, already names the channel.
    expect(await first?.text()).toContain(`<p class="boot-splash-label">${name}</p>`);
    await expect.poll(() => page.locator('h1, header').first().textContent()).toContain(name);
    expect(await page.getAttribute('html', 'lang')).toBe(lang);
    expect(await page.title()).toContain(name);
    await context.close();
  });
});
