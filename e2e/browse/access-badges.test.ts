import type { Event, HomepageSection } from '@sideline/contract/events';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { suiteBrowser } from '../support/browser';
import { DEMO_FANS, PREMIUM_FAN, signInAsFan, signInThroughApi } from '../support/sign-in';
import { urlFor } from '../support/urls';
import { visit } from '../support/visit';

/** The home page's rails as the holder of `key` gets them. */
async function homeRails(key: string): Promise<Event[]> {
  const res = await fetch(`${inject('baseUrl')}/api/events-for-homepage?api_key=${encodeURIComponent(key)}`);
  return ((await res.json()) as { data: HomepageSection[] }).data.flatMap((s) => s.events);
}

async function keyOf(credentials: { email: string; password: string }): Promise<string> {
  const base = inject('baseUrl');
  const guest = await fetch(`${base}/api/get_api_key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ channel_key: 'hcn_demo_channel_key_localhost' }),
  });
  const { data } = (await guest.json()) as { data: { api_key: string } };
  const login = await fetch(`${base}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...credentials, api_key: data.api_key }),
  });
  return ((await login.json()) as { data: { api_key: string } }).data.api_key;
}

/** The price badge on the home page's card of game `id`, once the card is on screen. */
async function badgeOn(page: Page, id: number) {
  const card = page.getByRole('main').locator('article', { has: page.locator(`a[href="/watch/${id}"]`) });
  await card.first().waitFor();
  return card.first().locator('[data-kind]').textContent();
}

describe('the badges on the cards follow what the fan may watch (has_access)', () => {
  const browser = suiteBrowser();
  /** A paid game on the home page the premium fan may watch and the demo fan (basic pass) may not. */
  let game: Event;

  beforeAll(async () => {
    const [premium, fan] = await Promise.all([
      homeRails(await keyOf(PREMIUM_FAN)),
      homeRails(await keyOf(DEMO_FANS.localhost)),
    ]);
    const fanCannot = new Set(fan.filter((e) => !e.has_access).map((e) => e.id));
    const found = premium.find((e) => e.has_access && (e.type === 'paid' || e.type === 'ppv') && fanCannot.has(e.id));
    if (!found) throw new Error('no paid game on the home page that only the premium fan may watch');
    game = found;
  });

  it('shows the price to a guest and to a fan without access, and "Included" to the premium fan', async () => {
    const guest = await visit(browser());
    await guest.page.goto(urlFor('localhost'));
    expect(await badgeOn(guest.page, game.id)).toMatch(/^\$\d+\.\d\d$/);
    await guest.context.close();

    const fan = await visit(browser());
    await signInAsFan(fan.page);
    await fan.page.goto(urlFor('localhost'));
    expect(await badgeOn(fan.page, game.id)).toMatch(/^\$\d+\.\d\d$/);
    await fan.context.close();

    const premium = await visit(browser());
    await signInThroughApi(premium.page, PREMIUM_FAN);
    await premium.page.goto(urlFor('localhost'));
    expect(await badgeOn(premium.page, game.id)).toBe('Included');
    const card = premium.page.locator('article', { has: premium.page.locator(`a[href="/watch/${game.id}"]`) });
    expect(await card.first().textContent()).not.toMatch(/\$\d|Register/);
    await premium.context.close();
  });

  it('drops the guest’s badges when the fan signs in on the page (no reload)', async () => {
    const { context, page } = await visit(browser());
    await page.goto(urlFor('localhost'));
    expect(await badgeOn(page, game.id)).toMatch(/^\$/);
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
    await page.locator('input[type="email"]').fill(PREMIUM_FAN.email);
    await page.locator('input[type="password"]').fill(PREMIUM_FAN.password);
    await page.getByRole('main').getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor({ state: 'detached' });
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home', exact: true }).click();
    await expect.poll(() => badgeOn(page, game.id)).toBe('Included');
    await context.close();
  });
});
