import { VOD_RAIL_SCROLL_MS } from '@sideline/contract/constants';
import { describe, expect, it } from 'vitest';
import { suiteBrowser } from '../support/browser';
import { urlFor } from '../support/urls';
import { visit } from '../support/visit';

describe('the home page', () => {
  const browser = suiteBrowser();

  it('shows the slides, then rails of live, coming and finished games with "see all" links', async () => {
    const { context, page, requests } = await visit(browser());
    await page.goto(urlFor('localhost'));
    await page.getByRole('region', { name: 'Featured' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Live now' }).waitFor();
    expect(await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      'Live now',
      'Coming up',
      'Latest replays',
    ]);
    for (const [title, href] of [
      ['Live now', '/live'],
      ['Coming up', '/upcoming'],
      ['Latest replays', '/vod'],
    ]) {
      expect(await page.getByRole('link', { name: `See all: ${title}` }).getAttribute('href')).toBe(href);
    }
    // The cards replace their placeholders a moment after the rails' headings appear.
    const live = page.getByRole('region', { name: 'Live now' }).getByRole('article');
    await live.first().waitFor();
    for (const text of await live.allTextContents()) expect(text).toContain('Live');
    // Cards are 280 to 380 px wide with 16:9 pictures.
    const box = await page.getByRole('region', { name: 'Coming up' }).getByRole('article').first().boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(280);
    expect(box?.width).toBeLessThanOrEqual(380);
    const ratio = await page
      .getByRole('region', { name: 'Coming up' })
      .locator('article img')
      .first()
      .evaluate((img) => img.getBoundingClientRect().width / img.getBoundingClientRect().height);
    expect(ratio).toBeCloseTo(16 / 9, 1);

    // The rails' code is a chunk of its own, fetched along with the home page's.
    const scripts = requests.map((r) => r.url());
    expect(scripts.some((u) => /\/home-rails-[\w-]+\.js$/.test(u))).toBe(true);
    // Cards of a rail stand one height, however long their team names.
    const heights = await page
      .getByRole('region', { name: 'Coming up' })
      .getByRole('article')
      .evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().height)));
    expect(new Set(heights).size).toBe(1);
    await context.close();
  });

  it('asks once for the rails, even when their code arrives after their data', async () => {
    const { context, page, requests } = await visit(browser());
    // A slow phone: the route's loader has the rails' data before the rails' chunk has run.
    await page.route(/\/home-rails-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await page.goto(urlFor('localhost'));
    await page.getByRole('heading', { level: 2, name: 'Live now' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(requests.filter((r) => r.url().includes('/api/events-for-homepage'))).toHaveLength(1);
    await context.close();
  });

  it('glides the replays rail with the spec’s 5000 ms on its arrow buttons', async () => {
    const { context, page } = await visit(browser());
    await page.goto(urlFor('localhost'));
    const rail = page.getByRole('region', { name: 'Latest replays' });
    await rail.getByRole('article').first().waitFor();
    const track = rail.getByRole('list');
    const back = rail.getByRole('button', { name: 'Scroll back: Latest replays' });
    expect(await back.isDisabled()).toBe(true);
    await rail.getByRole('button', { name: 'Scroll forward: Latest replays' }).click();
    const started = Date.now();
    await page.waitForTimeout(600);
    const early = await track.evaluate((el) => el.scrollLeft);
    expect(early).toBeGreaterThan(0);
    await expect
      .poll(() => track.evaluate((el) => (el as HTMLElement).dataset.gliding ?? 'done'), { timeout: 8_000 })
      .toBe('done');
    const took = Date.now() - started;
    expect(took).toBeGreaterThan(VOD_RAIL_SCROLL_MS - 1_000);
    const end = await track.evaluate((el) => el.scrollLeft);
    expect(end).toBeGreaterThan(early);
    expect(await back.isDisabled()).toBe(false);
    await context.close();
  });

  it('makes the cards a phone can reach, and more as the fan swipes along a rail or tabs through it', async () => {
    const { context, page, errors } = await visit(browser(), { viewport: { width: 412, height: 823 } });
    const answer = page.waitForResponse((r) => r.url().includes('/api/events-for-homepage'));
    await page.goto(urlFor('localhost'));
    const sections = ((await (await answer).json()) as { data: { key: string; events: unknown[] }[] }).data;
    const games = sections.find((s) => s.key === 'upcoming')?.events.length ?? 0;
    expect(games).toBeGreaterThan(8);
    const rail = page.getByRole('region', { name: 'Coming up' });
    const cards = rail.getByRole('article');
    await cards.first().waitFor();
    await page.waitForTimeout(500);
    // One card fills a phone's width: the first few are made, not the dozen.
    const atLoad = await cards.count();
    expect(atLoad).toBeGreaterThan(0);
    expect(atLoad).toBeLessThan(games);

    // Swiping along brings the rest, a few at a time, before the fan reaches the end of those made.
    const track = rail.getByRole('list');
    await track.scrollIntoViewIfNeeded();
    const counts = [atLoad];
    for (let swipe = 0; swipe < 3 * games && counts.at(-1) !== games; swipe++) {
      await track.evaluate((el) => el.scrollBy({ left: el.clientWidth }));
      await page.waitForTimeout(150);
      counts.push(await cards.count());
    }
    expect(counts.at(-1)).toBe(games);
    expect(new Set(counts).size).toBeGreaterThan(2);

    // Tabbing: the card after the last one made is there by the time the focus leaves it.
    await page.reload();
    const replays = page.getByRole('region', { name: 'Latest replays' });
    await replays.getByRole('article').first().waitFor();
    await page.waitForTimeout(500);
    const made = await replays.getByRole('article').count();
    await replays
      .getByRole('article')
      .nth(made - 1)
      .getByRole('link')
      .focus();
    await page.waitForTimeout(300);
    const focusedCard = () => page.evaluate(() => document.activeElement?.closest('article')?.textContent ?? '');
    const start = await focusedCard();
    // Past the card's own controls (its favorite stars) to the next card.
    for (let press = 0; press < 5 && (await focusedCard()) === start; press++) await page.keyboard.press('Tab');
    const focused = await focusedCard();
    const texts = await replays.getByRole('article').allTextContents();
    expect(texts.length).toBeGreaterThan(made);
    expect(texts.indexOf(focused)).toBe(made);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows skeletons while the rails load and a message when a rail is empty', async () => {
    const { context, page } = await visit(browser());
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/api/events-for-homepage**', async (route) => {
      await held;
      const res = await route.fetch();
      const body = (await res.json()) as { data: { key: string; events: unknown[] }[] };
      await route.fulfill({
        response: res,
        json: { data: body.data.map((s) => (s.key === 'live' ? { ...s, events: [] } : s)) },
      });
    });
    await page.goto(urlFor('localhost'));
    const live = page.getByRole('region', { name: 'Live now' });
    await live.waitFor();
    expect(await live.getAttribute('aria-busy')).toBe('true');
    release();
    await live.getByText('No games are live right now.').waitFor();
    expect(await live.getAttribute('aria-busy')).toBeNull();
    await context.close();
  });
});
