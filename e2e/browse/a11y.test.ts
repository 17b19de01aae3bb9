import { describe, expect, it } from 'vitest';
import { AXE_CONTEXT, seriousViolations } from '../support/a11y';
import { suiteBrowser } from '../support/browser';
import { signInAsFan } from '../support/sign-in';
import { type Host, urlFor } from '../support/urls';
import { visit } from '../support/visit';
import { clearFavorites } from './browse';

describe('accessibility of browsing (axe-core)', () => {
  const browser = suiteBrowser();

  it.each([
    { host: 'localhost' as Host, path: '/', ready: 'Live now' },
    { host: 'localhost' as Host, path: '/upcoming', ready: 'Upcoming games' },
    { host: 'localhost' as Host, path: '/vod/5', ready: null },
    { host: 'localhost' as Host, path: '/moments', ready: 'Moments' },
    { host: 'sofia.localhost' as Host, path: '/', ready: 'На живо' },
    { host: 'sofia.localhost' as Host, path: '/schedule', ready: 'Програма' },
  ])('$host $path has no serious or critical violation', async ({ host, path, ready }) => {
    const { context, page } = await visit(browser(), AXE_CONTEXT);
    await page.goto(urlFor(host, path));
    if (ready) await page.getByRole('heading', { name: ready, exact: true }).first().waitFor();
    await page.getByRole('main').getByRole('article').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('the schedule as a table and as a list, and on a phone, has none either', async () => {
    const { context, page } = await visit(browser(), AXE_CONTEXT);
    await page.goto(urlFor('localhost', '/upcoming?sport=2'));
    await page.getByRole('main').getByRole('article').first().waitFor();
    await page.getByRole('radio', { name: 'List' }).check();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('radio', { name: 'Table' }).check();
    await page.getByRole('table').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('radio', { name: 'Cards' }).check();
    await page.getByRole('button', { name: 'Filters' }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('a signed-in fan’s home and favorites have none', async () => {
    const { context, page } = await visit(browser(), AXE_CONTEXT);
    await signInAsFan(page);
    await clearFavorites(page);
    await page.goto(urlFor('localhost', '/upcoming'));
    const star = page.getByRole('main').getByRole('article').first().getByRole('button').first();
    await star.click();
    await page.waitForFunction(() => document.querySelector('main article button[aria-pressed="true"]'));
    await page.goto(urlFor('localhost', '/profile/favorites'));
    await page.getByRole('region', { name: /^Teams/ }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(urlFor('localhost', '/'));
    await page.getByRole('region', { name: 'Your teams' }).getByRole('article').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await clearFavorites(page);
    await context.close();
  });
});
