import { describe, expect, it } from 'vitest';
import { suiteBrowser } from '../support/browser';
import { demoEvents } from '../support/catalogue';
import { urlFor } from '../support/urls';
import { visit } from '../support/visit';
import { CARDS, callApi, enterNewCard, findPass, newFan, pressPay } from './commerce';

/** A package bought for some of its sports opens exactly their paid games, and no other. */
describe('a package with chosen sports', () => {
  const browser = suiteBrowser();

  it('unlocks the games of the sports chosen, not those left out', async () => {
    const games = (await demoEvents()).filter((e) => e.type === 'paid');
    const sportsWithGames = new Set(games.map((g) => g.event_category_id));
    const pkg = await findPass(
      'package covering two sports with paid games',
      (p) =>
        p.kind === 'package' &&
        p.pass_type === 'regular' &&
        !p.is_team_pass &&
        !p.is_single_event &&
        p.event_categories.filter((c) => sportsWithGames.has(c)).length >= 2,
    );
    const [chosen, left] = pkg.event_categories.filter((c) => sportsWithGames.has(c)) as [number, number];
    const { context, page } = await visit(browser());
    const main = page.getByRole('main');
    await newFan(page, 'package');

    await page.goto(urlFor('localhost', '/packages'));
    await main.getByRole('link', { name: `Buy ${pkg.name}` }).click();
    await page.waitForURL(`**/select-package/${pkg.id}`);
    // Everything is ticked at first: keep only the chosen sport (once the choices are there: `all()` does not wait).
    const sports = main.getByRole('group', { name: 'Choose the sports' });
    await sports.getByRole('checkbox').first().waitFor();
    for (const box of await sports.getByRole('checkbox').all()) {
      if (await box.isChecked()) await box.uncheck();
    }
    const categories = await callApi<{ data: { id: number; name: string }[] }>(page, 'GET', '/events-categories');
    const name = categories.data.find((c) => c.id === chosen)?.name ?? '';
    await main.getByRole('checkbox', { name }).check();
    await main.getByRole('button', { name: 'Continue to checkout' }).click();
    await page.waitForURL(`**/buy?package_id=${pkg.id}&categories=${chosen}`);
    await enterNewCard(page, CARDS.success);
    await pressPay(page);
    await page.waitForURL('**/packages');

    // Access follows the choice: every paid game of the chosen sport, none of the one left out.
    const seen = await callApi<{ data: { event_category_id: number; type: string; has_access: boolean }[] }>(
      page,
      'GET',
      '/events?stream_status=finished&limit=100',
    );
    const paid = seen.data.filter((e) => e.type === 'paid');
    expect(paid.filter((e) => e.event_category_id === chosen).every((e) => e.has_access)).toBe(true);
    expect(paid.filter((e) => e.event_category_id === left).some((e) => e.has_access)).toBe(false);
    expect(paid.filter((e) => e.event_category_id === chosen).length).toBeGreaterThan(0);
    await context.close();
  });
});
