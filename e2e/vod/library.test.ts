import { beforeAll, describe, expect, inject, it } from 'vitest';
import { AXE_CONTEXT, seriousViolations } from '../support/a11y';
import { suiteBrowser } from '../support/browser';
import { PREMIUM_FAN, signInAsFan, signInThroughApi } from '../support/sign-in';
import { urlFor } from '../support/urls';
import { visit } from '../support/visit';
import { videoTime, waitForLibraryMedia } from './library';

const libraryUrl = () => `${inject('baseUrl')}/vod_library`;

describe('the on-demand library', () => {
  const browser = suiteBrowser();
  beforeAll(async () => {
    await waitForLibraryMedia();
  });

  it('shows its rails of 16/9 cards, 280 to 380 px wide, each leading to the video’s page', async () => {
    const { context, page, errors } = await visit(browser());
    await page.goto(libraryUrl());
    const main = page.getByRole('main');
    for (const title of ['Latest highlights', 'Meet the teams', 'Get hyped'])
      await main.getByRole('heading', { level: 2, name: title }).waitFor();
    const rail = main.getByRole('region', { name: 'Latest highlights' });
    const first = rail.getByRole('listitem').first();
    const card = await first.boundingBox();
    expect(card?.width).toBeGreaterThanOrEqual(280);
    expect(card?.width).toBeLessThanOrEqual(380);
    const image = await first.locator('img').boundingBox();
    expect((image?.width ?? 0) / (image?.height ?? 1)).toBeCloseTo(16 / 9, 1);
    await expect.poll(() => rail.getByRole('link').first().getAttribute('href')).toMatch(/^\/watch_library\/\d+$/);
    // The rail's arrow glides to the next cards.
    const track = rail.getByRole('list');
    await rail.getByRole('button', { name: 'Next videos in Latest highlights' }).click();
    await expect.poll(() => track.evaluate((el) => el.scrollLeft), { timeout: 8_000 }).toBeGreaterThan(100);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('searches in pages of ten, and filters by category', async () => {
    const { context, page } = await visit(browser());
    await page.goto(libraryUrl());
    const main = page.getByRole('main');
    await main.getByRole('searchbox', { name: 'Search the library' }).fill('e');
    await main.getByRole('button', { name: 'Search', exact: true }).click();
    await main.getByText('Videos found: 12').waitFor();
    const results = main.getByRole('region', { name: 'Results for “e”' }).getByRole('heading', { level: 3 });
    await expect.poll(() => results.count()).toBe(10);
    const pageOne = await results.allTextContents();
    await main.getByText('Page 1 of 2').waitFor();
    await main.getByRole('button', { name: 'Next page' }).click();
    await main.getByText('Page 2 of 2').waitFor();
    await expect.poll(() => results.count()).toBe(2);
    const pageTwo = await results.allTextContents();
    expect(pageTwo.filter((title) => pageOne.includes(title))).toEqual([]);
    expect(page.url()).toContain('offset=10');
    await main.getByRole('button', { name: 'Previous page' }).click();
    await main.getByText('Page 1 of 2').waitFor();

    await main.getByRole('button', { name: 'Clear search' }).click();
    await main.getByRole('button', { name: 'Interviews' }).click();
    const category = main.getByRole('region', { name: 'Interviews' });
    await expect.poll(() => category.getByRole('heading', { level: 3 }).count()).toBe(3);
    await context.close();
  });

  it('plays a video for the premium fan: the picture moves', async () => {
    const { context, page, errors } = await visit(browser());
    await signInThroughApi(page, PREMIUM_FAN);
    await page.goto(libraryUrl());
    await page.getByRole('region', { name: 'Get hyped' }).getByRole('link', { name: 'Rivalry week hype reel' }).click();
    await page.getByRole('heading', { level: 1, name: 'Rivalry week hype reel' }).waitFor();
    await expect.poll(async () => (await videoTime(page))?.currentTime ?? 0, { timeout: 30_000 }).toBeGreaterThan(1);
    const at = (await videoTime(page))?.currentTime ?? 0;
    await expect.poll(async () => (await videoTime(page))?.currentTime ?? 0).toBeGreaterThan(at);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tells a guest to sign in, with the way to the passes', async () => {
    const { context, page } = await visit(browser());
    await page.goto(libraryUrl());
    await page.getByRole('region', { name: 'Get hyped' }).getByRole('link').first().click();
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Sign in to watch' }).waitFor();
    expect(await main.getByRole('link', { name: 'See the passes' }).getAttribute('href')).toBe('/packages');
    expect(await page.locator('video').count()).toBe(0);
    await context.close();
  });

  it('shows a fan whose pass leaves out the library the way to the passes, in Bulgarian on the Sofia channel', async () => {
    const { context, page } = await visit(browser());
    await signInAsFan(page, 'sofia.localhost');
    await page.goto(urlFor('sofia.localhost', '/vod_library'));
    await page.getByRole('region', { name: 'Заредете се' }).getByRole('link').first().click();
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Видеотеката не е включена в пропуска ви' }).waitFor();
    expect(await main.getByRole('link', { name: 'Вижте пропуските' }).getAttribute('href')).toBe('/packages');
    await context.close();
  });

  it('has no serious or critical accessibility violation (axe-core), with rails, search results and a video’s page', async () => {
    const { context, page } = await visit(browser(), AXE_CONTEXT);
    await page.goto(libraryUrl());
    await page.getByRole('heading', { level: 2, name: 'Get hyped' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${libraryUrl()}?q=highlights`);
    await page.getByText('Videos found: 4').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('main').getByRole('link').first().click();
    await page.getByRole('heading', { name: 'Sign in to watch' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
