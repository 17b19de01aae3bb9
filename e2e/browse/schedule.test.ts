import { describe, expect, it } from 'vitest';
import { suiteBrowser } from '../support/browser';
import { urlFor } from '../support/urls';
import { started, visit, where } from '../support/visit';
import { eventRequests, listedGames } from './browse';

const cards = (page: Parameters<typeof listedGames>[0]) => page.getByRole('main').getByRole('article');

describe('the schedule', () => {
  const browser = suiteBrowser();

  it('filters by sport then school, and the address opens the same list in a new browser', async () => {
    const { context, page } = await visit(browser());
    await page.goto(urlFor('localhost', '/upcoming'));
    await page.getByRole('heading', { level: 1, name: 'Upcoming games' }).waitFor();
    await cards(page).first().waitFor();

    await page.getByLabel('Sport').selectOption({ label: 'Basketball' });
    await page.waitForURL(/sport=\d+/);
    await page.getByLabel('School').selectOption({ label: 'Northfield University' });
    await page.waitForURL(/school=\d+/);
    await page
      .getByRole('status')
      .filter({ hasText: /every game|Games shown/ })
      .waitFor();
    // The filtered list replaces the skeletons once its page has arrived.
    await expect.poll(async () => (await listedGames(page)).length).toBeGreaterThan(0);
    // Every game is basketball, with a Northfield team on one side (once the sport-only list has gone).
    const filtered = (text: string) => /(Men|Women)’s Basketball/.test(text) && text.includes('Northfield Owls');
    await expect.poll(async () => (await cards(page).allTextContents()).every(filtered)).toBe(true);
    const games = await listedGames(page);
    const shared = page.url();
    expect(where(page)).toMatch(/^\/upcoming\?sport=\d+&school=\d+$/);

    const other = await visit(browser());
    await other.page.goto(shared);
    await other.page.getByRole('heading', { level: 1, name: 'Upcoming games' }).waitFor();
    await cards(other.page).first().waitFor();
    await expect.poll(() => listedGames(other.page)).toEqual(games);
    expect(await other.page.getByLabel('Sport').inputValue()).toBe(await page.getByLabel('Sport').inputValue());
    expect(await other.page.getByRole('combobox', { name: 'School' }).locator('option:checked').textContent()).toBe(
      'Northfield University',
    );
    await other.context.close();
    await context.close();
  });

  it('aborts the request for the old filters when they change quickly', async () => {
    const { context, page } = await visit(browser());
    const aborted: string[] = [];
    page.on('requestfailed', (r) => {
      if (new URL(r.url()).pathname === '/api/events' && r.failure()?.errorText.includes('ABORTED')) {
        aborted.push(new URL(r.url()).search);
      }
    });
    await page.goto(urlFor('localhost', '/upcoming'));
    await cards(page).first().waitFor();
    // Sport-only listings answer only once the fan has picked a school (a fixed delay raced a busy machine).
    let schoolPicked = () => {};
    const picked = new Promise<void>((resolve) => {
      schoolPicked = resolve;
    });
    let sportAsked = () => {};
    const asked = new Promise<void>((resolve) => {
      sportAsked = resolve;
    });
    await page.route(
      (url) =>
        url.pathname === '/api/events' &&
        url.searchParams.has('event_category_id') &&
        !url.searchParams.has('participant_group_id'),
      async (route) => {
        sportAsked();
        await Promise.race([picked, new Promise((r) => setTimeout(r, 15_000))]);
        await route.continue().catch(() => undefined);
      },
    );
    await page.getByLabel('Sport').selectOption({ label: 'Football' });
    await page.waitForURL(/sport=\d+/);
    await asked;
    await page.getByLabel('School').selectOption({ label: 'Northfield University' });
    await page.waitForURL(/school=\d+/);
    setTimeout(schoolPicked, 1_000);
    await expect.poll(() => aborted.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(
      aborted.every((search) => search.includes('event_category_id=') && !search.includes('participant_group_id')),
    ).toBe(true);
    // The list shown is the new one.
    await cards(page).first().waitFor();
    for (const text of await cards(page).allTextContents()) expect(text).toContain('Northfield Owls');
    await context.close();
  });

  it('switches grid and list, cards and table, and remembers the choice', async () => {
    const { context, page } = await visit(browser());
    await page.goto(urlFor('localhost', '/upcoming'));
    await cards(page).first().waitFor();
    const grid = page.getByRole('radio', { name: 'Grid' });
    const list = page.getByRole('radio', { name: 'List' });
    expect(await grid.isChecked()).toBe(true);
    const width = () =>
      cards(page)
        .first()
        .evaluate((el) => el.getBoundingClientRect().width);
    const gridWidth = await width();
    expect(gridWidth).toBeGreaterThanOrEqual(280);
    expect(gridWidth).toBeLessThanOrEqual(380);

    await list.check();
    expect(await list.isChecked()).toBe(true);
    await expect.poll(width).toBeGreaterThan(600);
    // Beside the details, the picture fills the card's height: no band of empty card under it.
    const [card, picture] = await cards(page)
      .first()
      .evaluate((el) => [el.clientHeight, el.firstElementChild?.getBoundingClientRect().height ?? 0]);
    expect(Math.abs((card ?? 0) - (picture ?? 0))).toBeLessThan(2);

    await page.getByRole('radio', { name: 'Table' }).check();
    const table = page.getByRole('table', { name: 'Games' });
    await table.waitFor();
    expect(await cards(page).count()).toBe(0);
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'When',
      'Game',
      'Sport',
      'Status',
      'Price',
      'Favorites',
    ]);
    expect(await table.getByRole('row').count()).toBeGreaterThan(10);
    // A table is always a list: the grid/list choice rests meanwhile.
    expect(await grid.isDisabled()).toBe(true);

    await page.reload();
    await page.getByRole('table', { name: 'Games' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Table' }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'Cards' }).check();
    await cards(page).first().waitFor();
    expect(await list.isChecked()).toBe(true);
    await context.close();
  });

  it('pages on: scrolling to the end loads games beyond the first page, and so does the button', async () => {
    const { context, page } = await visit(browser());
    const requests = eventRequests(page);
    await page.goto(urlFor('localhost', '/vod'));
    await page.getByRole('heading', { level: 1, name: 'On demand' }).waitFor();
    await cards(page).first().waitFor();
    // The first page's cards are made as the fan scrolls down to them: those of the first screens at once.
    await page.waitForTimeout(500);
    const atLoad = await cards(page).count();
    expect(atLoad).toBeGreaterThan(0);
    expect(atLoad).toBeLessThan(24);
    // A first visit's first page came with the page (apps/api/src/plugins/web.ts): no call for it.
    expect(requests).toEqual([]);

    // Scrolling on: the rest of the first page's cards, and only then the next page.
    // Each sample: the calls made so far, then the cards made by then.
    const seen: [calls: number, cards: number][] = [];
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, 600);
          const calls = requests.length;
          seen.push([calls, await cards(page).count()]);
          return seen.at(-1)?.[1];
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThanOrEqual(48);
    expect(seen.filter(([calls, made]) => calls > 0 && made < 24)).toEqual([]);
    // The cards came a few at a time as the fan went on, not a page at once.
    expect(new Set(seen.map(([, made]) => made)).size).toBeGreaterThan(2);
    const next = requests.find((search) => search.includes('offset=24'));
    expect(next).toContain('stream_status=finished');
    expect(next).toContain('sort_direction=desc');
    const games = await listedGames(page);
    expect(games.length).toBeGreaterThanOrEqual(48);
    expect(new Set(games).size).toBe(games.length);

    // The button, away from the end (scrolling may have asked for the next page already): it asks for the page
    // after the last one asked for. A click event, not a pointer click: scrolling the button into view lets the
    // infinite loader grow the list under the pointer, and a pointer click then lands on a card.
    await page.evaluate(() => window.scrollTo(0, 0));
    const offset = (search: string) => Number(new URLSearchParams(search).get('offset'));
    const asked = requests.length;
    const furthest = Math.max(...requests.map(offset));
    await page.getByRole('button', { name: 'More games' }).dispatchEvent('click');
    await expect.poll(() => requests.length).toBe(asked + 1);
    expect(offset(requests.at(-1) ?? '')).toBe(furthest + 24);

    // New filters start the list again a few cards at a time, not with as many as the old list had reached.
    await page.getByLabel('Sport').selectOption({ label: 'Basketball' });
    await page.getByText('Games shown: 24').waitFor();
    await expect.poll(() => cards(page).count()).toBeGreaterThan(0);
    expect(await cards(page).count()).toBeLessThan(24);
    await context.close();
  });

  it('picks a day range on the calendar, kept in the address', async () => {
    const { context, page } = await visit(browser());
    await page.goto(urlFor('localhost', '/schedule'));
    await page.getByRole('heading', { level: 1, name: 'Schedule' }).waitFor();
    const days = page.getByRole('group', { name: 'Dates' }).getByRole('button');
    await days.nth(2).click();
    await page.waitForURL(/from=\d{4}-\d{2}-\d{2}&to=/);
    // The strip then moves to start a day before the picked one: the next click waits for it (on a busy machine a
    // click aimed before the move landed on the picked day itself).
    await expect.poll(() => days.nth(1).getAttribute('aria-pressed')).toBe('true');
    await days.nth(5).click();
    await page.waitForURL((url) => url.searchParams.get('from') !== url.searchParams.get('to'));
    const url = new URL(page.url());
    // The strip shows the range once the address has it (the next render).
    await expect.poll(() => days.nth(3).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: 'All dates' }).getAttribute('aria-pressed')).toBe('false');
    const from = new Date(`${url.searchParams.get('from')}T00:00:00`).getTime() / 1000;
    const to = new Date(`${url.searchParams.get('to')}T23:59:59`).getTime() / 1000;
    const times = await page
      .getByRole('main')
      .locator('article time')
      .evaluateAll((els) => els.map((el) => Date.parse(el.getAttribute('datetime') ?? '') / 1000));
    for (const t of times) {
      expect(t).toBeGreaterThanOrEqual(from);
      expect(t).toBeLessThanOrEqual(to);
    }
    await page.getByRole('button', { name: 'All dates' }).click();
    await page.waitForURL((u) => !u.searchParams.has('from'));
    await context.close();
  });

  // The days' screen-reader dates once escaped the strip's scroller and made the page 810 px wide on a phone.
  it("fits a phone's width: the days scroll in their strip, the page does not pan sideways", async () => {
    const { context, page } = await visit(browser(), { viewport: { width: 360, height: 740 } });
    await page.goto(urlFor('sofia.localhost', '/schedule'));
    const days = page.getByRole('group', { name: 'Дати' });
    await days.waitFor();
    const widths = await days.evaluate((strip) => ({
      strip: strip.clientWidth,
      days: strip.scrollWidth,
      page: document.documentElement.scrollWidth,
    }));
    expect(widths.days).toBeGreaterThan(widths.strip);
    expect(widths.page).toBe(360);
    await page.evaluate(() => window.scrollTo(400, 0));
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
    await context.close();
  });

  it('shows live games first on /schedule, and only live ones on /live', async () => {
    const { context, page } = await visit(browser());
    await page.goto(urlFor('localhost', '/schedule'));
    await cards(page).first().waitFor();
    const first = await cards(page).first().textContent();
    expect(first).toContain('Live');
    await page.goto(urlFor('localhost', '/live'));
    await page.getByRole('heading', { level: 1, name: 'Live now' }).waitFor();
    await cards(page).first().waitFor();
    const all = await cards(page).allTextContents();
    expect(all.length).toBeGreaterThan(0);
    for (const text of all) expect(text).toContain('Live');
    await started(page);
    await context.close();
  });

  it("shows a first visit's games from the page itself, its first picture loading before the app's code", async () => {
    const { context, page, requests, errors } = await visit(browser());
    const listings = eventRequests(page);
    await page.goto(urlFor('localhost', '/schedule'));
    await cards(page).first().waitFor();
    // The page's first page of games, its cards made as the fan scrolls to them.
    await page.getByText('Games shown: 24').waitFor();
    expect(listings).toEqual([]);
    const order = requests.map((r) => new URL(r.url()).pathname);
    const picture = await cards(page).first().locator('img').first().getAttribute('src');
    expect(picture).toBeTruthy();
    expect(order.indexOf(String(picture))).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(String(picture))).toBeLessThan(order.findIndex((p) => /\/shell-[\w-]+\.js$/.test(p)));
    // A filter is the fan's own question: it is asked.
    await page.getByLabel('Sport').selectOption({ label: 'Football' });
    await expect.poll(() => listings.some((search) => search.includes('event_category_id='))).toBe(true);
    // A signed-in fan's stored key is not the guest's: the next visit asks with it (has_access is the fan's own).
    await page.goto(urlFor('localhost', '/schedule'));
    await cards(page).first().waitFor();
    await expect
      .poll(() => listings.filter((search) => search.includes('stream_status=live%2Cupcoming&sort')).length)
      .toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
