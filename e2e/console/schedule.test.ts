import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AXE_CONTEXT, seriousViolations } from '../support/a11y';
import { suiteBrowser } from '../support/browser';
import { type Credentials, signInThroughApi } from '../support/sign-in';
import { urlFor } from '../support/urls';
import { visit } from '../support/visit';

const OWNER: Credentials = { email: 'owner@heartland.example', password: 'Sideline-demo-1' };
const ANALYST: Credentials = { email: 'analyst@heartland.example', password: 'Sideline-demo-1' };

type Row = { id: number; name: string; alias: string; sport_id?: number };

/** A sport of the channel with two of its teams, read with the owner's key (the games these tests make use them). */
async function sportWithTeams(page: Page, key: string) {
  const { sports, teams } = await page.evaluate(async (apiKey) => {
    const q = `api_key=${encodeURIComponent(apiKey)}`;
    const read = async (kind: string) =>
      ((await (await fetch(`/api/console/${kind}?${q}`)).json()) as { data: Row[] }).data;
    return { sports: await read('sports'), teams: await read('teams') };
  }, key);
  for (const sport of sports) {
    const own = teams.filter((team) => team.sport_id === sport.id);
    if (own.length >= 2) return { sport, home: own[0] as Row, away: own[1] as Row };
  }
  throw new Error('no sport of the demo channel has two teams');
}

const openSchedule = async (page: Page) => {
  await page.goto(urlFor('localhost', '/console/schedule'));
  await page.getByRole('heading', { name: 'Schedule', level: 2 }).waitFor();
  await page.getByRole('table').or(page.getByText('No game matches.')).waitFor();
};

/** A unique start far ahead, so the test's games lead the schedule (latest first) and meet no other test's. */
const uniqueStart = () => {
  const n = Date.now() % 100_000;
  const day = String(1 + (n % 28)).padStart(2, '0');
  const month = String(1 + (Math.floor(n / 28) % 12)).padStart(2, '0');
  return {
    date: `2099-${month}-${day}`,
    time: `${String(10 + (n % 12)).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}`,
  };
};

describe('the console’s schedule', () => {
  const browser = suiteBrowser();

  it('lets the owner create a pay-per-view game, see it listed, and read and rotate its stream key', async () => {
    const owner = await visit(browser());
    const key = await signInThroughApi(owner.page, OWNER);
    const { sport, home, away } = await sportWithTeams(owner.page, key);
    const name = `E2E final ${Date.now()}`;
    const start = uniqueStart();
    owner.page.on('dialog', (dialog) => void dialog.accept());

    await openSchedule(owner.page);
    await owner.page.getByRole('link', { name: 'New game' }).click();
    await owner.page.getByRole('heading', { name: 'New game', level: 2 }).waitFor();
    await owner.page.getByLabel('Sport', { exact: true }).selectOption({ label: sport.name });
    await owner.page.getByLabel('Home team', { exact: true }).selectOption({ label: home.name });
    await owner.page.getByLabel('Away team', { exact: true }).selectOption({ label: away.name });
    await owner.page.getByLabel('Name', { exact: true }).fill(name);
    await owner.page.getByLabel('Start', { exact: true }).fill(`${start.date}T${start.time}`);
    await owner.page.getByLabel('Access', { exact: true }).selectOption('ppv');
    await owner.page.getByLabel(/^Price/).fill('12.99');
    await owner.page.getByRole('button', { name: 'Create the game' }).click();

    // The new game's page: its stream key as OBS asks for it.
    await owner.page.getByRole('heading', { name, level: 2 }).waitFor();
    await owner.page.getByText('$12.99').first().waitFor();
    const keyPanel = owner.page.getByRole('region', { name: 'Stream key' });
    const fullUrl = keyPanel.locator('dd').nth(2).locator('code');
    await fullUrl.waitFor();
    expect(await fullUrl.textContent()).toMatch(/^rtmp:\/\/.+\/live\/sk_[A-Za-z0-9_-]{32}$/);
    expect(await keyPanel.locator('dd').first().locator('code').textContent()).toMatch(/^rtmp:\/\//);
    const oldKey = (await keyPanel.locator('dd').nth(1).locator('code').textContent()) ?? '';
    expect(oldKey).toMatch(/^sk_/);
    await keyPanel.getByRole('button', { name: 'Copy: Stream key', exact: true }).waitFor();
    await keyPanel.getByRole('button', { name: 'Rotate the key' }).click();
    await owner.page.getByText('A new stream key was made: the old one no longer works.').waitFor();
    await owner.page.waitForFunction((old) => {
      const codes = document.querySelectorAll('[aria-labelledby="game-stream-key"] dd code');
      const next = codes[1]?.textContent;
      return !!next && next !== old;
    }, oldKey);

    // Listed in the schedule, with its price in the channel's currency.
    await owner.page.getByRole('link', { name: 'Back to the schedule' }).click();
    await owner.page.getByRole('cell', { name, exact: true }).waitFor();
    const row = owner.page.getByRole('row').filter({ hasText: name });
    expect(await row.getByRole('cell').nth(4).textContent()).toBe('$12.99');
    expect(await row.getByRole('cell').nth(3).textContent()).toBe('Pay-per-view');
    await owner.context.close();
  });

  it('previews a CSV with a bad row flagged, then imports it once fixed', async () => {
    const owner = await visit(browser());
    const key = await signInThroughApi(owner.page, OWNER);
    const { sport, home, away } = await sportWithTeams(owner.page, key);
    const start = uniqueStart();
    const header = 'date,time,home,away,sport,venue,access,price,name';
    const good = `${start.date},${start.time},${home.alias},${away.alias},${sport.alias},,free,,E2E import ${Date.now()}`;
    const bad = (team: string) => `${start.date},${start.time},${team},${away.alias},${sport.alias},,ppv,9.50,`;

    await owner.page.goto(urlFor('localhost', '/console/schedule/import'));
    await owner.page.getByRole('heading', { name: 'Import games from CSV', level: 2 }).waitFor();
    const text = owner.page.getByLabel('CSV text', { exact: true });
    await text.fill([header, good, bad('no-such-team')].join('\n'));
    await owner.page.getByRole('button', { name: 'Preview' }).click();
    await owner.page.getByText('1 valid rows, 1 with errors').waitFor();
    const rows = owner.page.locator('tbody tr');
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).getAttribute('data-ok')).toBe('true');
    expect(await rows.nth(1).getAttribute('data-ok')).toBe('false');
    expect(await rows.nth(1).locator('[data-column="home"]').textContent()).toContain('no-such-team');
    expect(await rows.nth(1).locator('[data-column="home"] span').count()).toBe(1);
    const importButton = owner.page.getByRole('button', { name: 'Import', exact: true });
    expect(await importButton.isDisabled()).toBe(true);

    await text.fill([header, good, bad(home.alias)].join('\n'));
    // The text changed: the preview must be run again before importing.
    expect(await importButton.isDisabled()).toBe(true);
    await owner.page.getByRole('button', { name: 'Preview' }).click();
    await owner.page.getByText('2 valid rows, 0 with errors').waitFor();
    expect(await importButton.isDisabled()).toBe(false);
    await importButton.click();
    await owner.page.getByText('Games created: 2').waitFor();
    await owner.context.close();
  });

  it('shows an analyst the schedule without any button that changes it', async () => {
    const analyst = await visit(browser());
    await signInThroughApi(analyst.page, ANALYST);
    await openSchedule(analyst.page);
    await analyst.page.getByText('Your role can see the schedule but not change it.').waitFor();
    expect(await analyst.page.getByRole('link', { name: 'New game' }).count()).toBe(0);
    expect(await analyst.page.getByRole('link', { name: 'Import from CSV' }).count()).toBe(0);
    await analyst.page
      .getByRole('link', { name: /^Open / })
      .first()
      .click();
    await analyst.page.getByRole('heading', { name: 'Ingest health', level: 3 }).waitFor();
    expect(await analyst.page.getByRole('heading', { name: 'Stream key' }).count()).toBe(0);
    expect(await analyst.page.getByRole('button', { name: 'Delete the game' }).count()).toBe(0);
    await analyst.context.close();
  });

  it('has no serious accessibility violation on the schedule’s pages', async () => {
    const owner = await visit(browser(), AXE_CONTEXT);
    await signInThroughApi(owner.page, OWNER);
    await openSchedule(owner.page);
    expect(await seriousViolations(owner.page)).toEqual([]);
    await owner.page.getByRole('link', { name: 'New game' }).click();
    await owner.page.getByLabel('Sport', { exact: true }).waitFor();
    expect(await seriousViolations(owner.page)).toEqual([]);
    await openSchedule(owner.page);
    await owner.page
      .getByRole('link', { name: /^Open / })
      .first()
      .click();
    await owner.page.getByRole('heading', { name: 'Ingest health', level: 3 }).waitFor();
    await owner.page.getByRole('region', { name: 'Stream key' }).locator('code').first().waitFor();
    expect(await seriousViolations(owner.page)).toEqual([]);
    await owner.page.goto(urlFor('localhost', '/console/schedule/import'));
    await owner.page
      .getByLabel('CSV text', { exact: true })
      .fill('date,time,home,away,sport,access\n2099-01-01,10:00,x,y,z,free');
    await owner.page.getByRole('button', { name: 'Preview' }).click();
    await owner.page.locator('tbody tr').first().waitFor();
    expect(await seriousViolations(owner.page)).toEqual([]);
    await owner.context.close();
  });
});
