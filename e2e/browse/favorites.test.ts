import { describe, expect, it } from 'vitest';
import { suiteBrowser } from '../support/browser';
import { signInAsFan } from '../support/sign-in';
import { urlFor } from '../support/urls';
import { started, visit } from '../support/visit';
import { clearFavorites } from './browse';

describe('favorites', () => {
  const browser = suiteBrowser();

  it('asks a guest who presses a star to sign in', async () => {
    const { context, page } = await visit(browser());
    await page.goto(urlFor('localhost', '/upcoming'));
    const star = page.getByRole('main').getByRole('article').first().getByRole('button').first();
    await star.waitFor();
    expect(await star.getAttribute('aria-label')).toMatch(/^Follow /);
    expect(await star.getAttribute('aria-pressed')).toBe('false');
    await star.click();
    await page.getByRole('dialog', { name: 'Sign in to keep favorites' }).waitFor();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/login');
    await context.close();
  });

  it('follows a team from a card: its next game is in the home page rail and in the account, until removed', async () => {
    const { context, page } = await visit(browser());
    await signInAsFan(page);
    await clearFavorites(page);

    // A rail for favorites only shows once the fan follows something.
    await page.goto(urlFor('localhost', '/'));
    await page.getByRole('heading', { level: 2, name: 'Live now' }).waitFor();
    expect(await page.getByRole('heading', { level: 2, name: 'Your teams' }).count()).toBe(0);

    await page.goto(urlFor('localhost', '/upcoming'));
    const card = page.getByRole('main').getByRole('article').first();
    const star = card.getByRole('button').first();
    await star.waitFor();
    const team = (await star.getAttribute('aria-label'))?.replace(/^Follow /, '') ?? '';
    expect(team).not.toBe('');
    const nextGame = await card.locator('h3 a').getAttribute('href');
    await star.click();
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
    await page
      .getByRole('status')
      .filter({ hasText: `${team} is in your favorites` })
      .waitFor();

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home' }).click();
    const rail = page.getByRole('region', { name: 'Your teams' });
    await rail.waitFor();
    await rail.locator(`h3 a[href="${nextGame}"]`).waitFor();
    for (const text of await rail.getByRole('article').allTextContents()) expect(text).toContain(team);
    expect(
      await rail
        .getByRole('button', { name: `Follow ${team}` })
        .first()
        .getAttribute('aria-pressed'),
    ).toBe('true');

    await rail.getByRole('link', { name: /Manage favorites/ }).click();
    await page.waitForURL('**/profile/favorites');
    await page.getByRole('heading', { level: 2, name: 'Favorites' }).waitFor();
    const next = page.getByRole('region', { name: 'Your next games' });
    await next.locator(`h4 a[href="${nextGame}"]`).waitFor();
    const teams = page.getByRole('region', { name: /^Teams/ });
    await teams.getByText(team, { exact: false }).waitFor();

    await teams.getByRole('button', { name: new RegExp(`^Remove ${team}`) }).click();
    await page.getByRole('heading', { level: 2, name: 'No favorites yet' }).waitFor();

    await page.goto(urlFor('localhost', '/'));
    await page.getByRole('heading', { level: 2, name: 'Live now' }).waitFor();
    expect(await page.getByRole('heading', { level: 2, name: 'Your teams' }).count()).toBe(0);
    await context.close();
  });

  it('saves a game, its school and its sport from the game page', async () => {
    const { context, page } = await visit(browser());
    await signInAsFan(page);
    await clearFavorites(page);
    await page.goto(urlFor('localhost', '/vod/5'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    const save = page.getByRole('button', { name: `Save ${title}` });
    await save.click();
    await expect.poll(() => save.getAttribute('aria-pressed')).toBe('true');
    const sportFact = page
      .getByRole('definition')
      .filter({ has: page.getByRole('button') })
      .last();
    const sportName = (await sportFact.locator('span').first().textContent()) ?? '';
    const sport = sportFact.getByRole('button', { name: `Follow ${sportName}` });
    await sport.click();
    await expect.poll(() => sport.getAttribute('aria-pressed')).toBe('true');

    await page.goto(urlFor('localhost', '/profile/favorites'));
    await page
      .getByRole('region', { name: /^Games/ })
      .getByText(title)
      .waitFor();
    await page
      .getByRole('region', { name: /^Sports/ })
      .getByText(sportName)
      .waitFor();
    await clearFavorites(page);
    await started(page);
    await context.close();
  });
});
