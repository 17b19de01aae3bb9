import { describe, expect, it } from 'vitest';
import { suiteBrowser } from '../support/browser';
import { signInAsFan } from '../support/sign-in';
import { urlFor } from '../support/urls';
import { visit } from '../support/visit';
import { clearFavorites } from './browse';

/** A EUR price written the Bulgarian way, e.g. `2,99 €` (the space may be a no-break one). */
const EUR = /^\d+,\d{2}\s€$/;

describe('browsing in Bulgarian on sofia.localhost', () => {
  const browser = suiteBrowser();

  it('titles the home rails in Bulgarian and prices in EUR', async () => {
    const { context, page } = await visit(browser());
    await page.goto(urlFor('sofia.localhost'));
    await page.getByRole('heading', { level: 2, name: 'На живо' }).waitFor();
    expect(await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      'На живо',
      'Предстоящи',
      'Последни записи',
    ]);
    expect(await page.getByRole('link', { name: 'Виж всички: На живо' }).getAttribute('href')).toBe('/live');
    expect(await page.getByRole('link', { name: 'Виж всички: Последни записи' }).getAttribute('href')).toBe('/vod');
    await page.getByRole('main').getByText('На живо', { exact: true }).first().waitFor();
    await context.close();
  });

  it('lists, filters and shows games with Bulgarian labels and EUR prices', async () => {
    const { context, page } = await visit(browser());
    await page.goto(urlFor('sofia.localhost', '/upcoming'));
    await page.getByRole('heading', { level: 1, name: 'Предстоящи мачове' }).waitFor();
    await page.getByRole('main').getByRole('article').first().waitFor();
    for (const label of ['Спорт', 'Училище', 'Отбор', 'Пол', 'Място']) {
      expect(await page.getByLabel(label, { exact: true }).isVisible(), label).toBe(true);
    }
    expect(await page.getByRole('radio', { name: 'Таблица' }).count()).toBe(1);
    await page.getByRole('radio', { name: 'Таблица' }).check();
    const table = page.getByRole('table', { name: 'Мачове' });
    await table.waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Кога',
      'Мач',
      'Спорт',
      'Статус',
      'Цена',
      'Любими',
    ]);
    const prices = (await table.locator('tbody td:nth-child(5)').allTextContents()).filter((p) => /\d/.test(p));
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) expect(price).toMatch(EUR);
    expect(await table.locator('tbody').textContent()).toContain('EET');
    await page.getByRole('radio', { name: 'Карти' }).check();

    await page.getByLabel('Спорт', { exact: true }).selectOption({ index: 1 });
    await page.waitForURL(/sport=\d+/);
    await page.getByRole('main').getByRole('article').first().waitFor();
    await page.getByRole('main').getByRole('article').first().getByRole('link').click();
    await page.waitForURL(/\/watch\/\d+$/);
    await page.getByRole('term').filter({ hasText: 'Дата и час' }).waitFor();
    expect(await page.getByRole('term').allTextContents()).toEqual(
      expect.arrayContaining(['Дата и час', 'Място', 'Домакин', 'Спорт', 'Достъп']),
    );
    await context.close();
  });

  it('keeps a Bulgarian fan’s favorites', async () => {
    const { context, page } = await visit(browser());
    await signInAsFan(page, 'sofia.localhost');
    await clearFavorites(page);
    await page.goto(urlFor('sofia.localhost', '/upcoming'));
    const star = page.getByRole('main').getByRole('article').first().getByRole('button').first();
    await star.waitFor();
    const team = (await star.getAttribute('aria-label'))?.replace(/^Следвай /, '') ?? '';
    await star.click();
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
    await page.goto(urlFor('sofia.localhost', '/profile/favorites'));
    await page.getByRole('heading', { level: 2, name: 'Любими' }).waitFor();
    await page.getByRole('region', { name: 'Следващите ви мачове' }).getByRole('article').first().waitFor();
    const teams = page.getByRole('region', { name: /^Отбори/ });
    await teams.getByText(team, { exact: false }).waitFor();
    await teams.getByRole('button', { name: new RegExp(`^Премахни ${team}`) }).click();
    await page.getByRole('heading', { level: 2, name: 'Все още нямате любими' }).waitFor();
    await context.close();
  });
});
