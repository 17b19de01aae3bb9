import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AXE_CONTEXT, seriousViolations } from '../support/a11y';
import { suiteBrowser } from '../support/browser';
import { linkIn, waitForMails } from '../support/outbox';
import { type Credentials, signInThroughApi } from '../support/sign-in';
import { urlFor } from '../support/urls';
import { visit } from '../support/visit';

const OWNER: Credentials = { email: 'owner@heartland.example', password: 'Sideline-demo-1' };
const ANALYST: Credentials = { email: 'analyst@heartland.example', password: 'Sideline-demo-1' };

type Named = { id: number; name: string };
type Team = Named & { school_id: number };
type Game = Named & { home_team_id: number | null; away_team_id: number | null };

/** A school of the demo channel that games use, with the names of those games (read with the owner's key). */
async function schoolInUse(page: Page, key: string) {
  const { schools, teams, games } = await page.evaluate(async (apiKey) => {
    const q = `api_key=${encodeURIComponent(apiKey)}`;
    const read = async (path: string) =>
      ((await (await fetch(`/api/console/${path}${q}`)).json()) as { data: [] }).data;
    return {
      schools: (await read('schools?')) as Named[],
      teams: (await read('teams?')) as Team[],
      games: (await read('events?limit=100&')) as Game[],
    };
  }, key);
  for (const school of schools) {
    const own = new Set(teams.filter((team) => team.school_id === school.id).map((team) => team.id));
    const names = games
      .filter((game) => own.has(game.home_team_id ?? -1) || own.has(game.away_team_id ?? -1))
      .map((game) => game.name);
    if (names.length) return { school, games: names };
  }
  throw new Error('no school of the demo channel has a game');
}

/** Deletes rows a test added, through the API: the suites share one server, and fans' pages list sports. */
async function removeRows(page: Page, key: string, rows: { kind: string; name: string }[]) {
  await page.evaluate(
    async ({ apiKey, list }) => {
      const q = `api_key=${encodeURIComponent(apiKey)}`;
      for (const { kind, name } of list) {
        const { data } = (await (await fetch(`/api/console/${kind}?${q}`)).json()) as { data: Named[] };
        const row = data.find((r) => r.name === name);
        if (row) await fetch(`/api/console/${kind}/${row.id}?${q}`, { method: 'DELETE' });
      }
    },
    { apiKey: key, list: rows },
  );
}

const list = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Catalogue lists' }).getByRole('link', { name, exact: true });

const openCatalogue = async (page: Page, kind = 'sports') => {
  await page.goto(urlFor('localhost', `/console/catalogue?kind=${kind}`));
  await page.getByRole('heading', { name: 'Catalogue', level: 2 }).waitFor();
  await page.getByRole('table').or(page.getByText('Nothing here yet.')).waitFor();
};

describe('the console’s catalogue and staff', () => {
  const browser = suiteBrowser();

  it('lets the owner add a sport and a team, and names the games of a school it refuses to delete', async () => {
    const owner = await visit(browser(), AXE_CONTEXT);
    const key = await signInThroughApi(owner.page, OWNER);
    const { school, games } = await schoolInUse(owner.page, key);
    const n = Date.now();
    const sport = `E2E sport ${n}`;
    const team = `E2E team ${n}`;
    owner.page.on('dialog', (dialog) => void dialog.accept());
    try {
      await openCatalogue(owner.page);
      expect(await seriousViolations(owner.page)).toEqual([]);
      await owner.page.getByRole('button', { name: 'Add a sport' }).click();
      await owner.page.getByLabel('Name', { exact: true }).fill(sport);
      await owner.page.getByLabel('Alias', { exact: true }).fill(`e2e-sport-${n}`);
      await owner.page.getByRole('button', { name: 'Add a sport' }).click();
      await owner.page.getByRole('cell', { name: sport, exact: true }).waitFor();

      await list(owner.page, 'Teams').click();
      await owner.page.getByRole('button', { name: 'Add a team' }).click();
      await owner.page.getByLabel('Name', { exact: true }).fill(team);
      await owner.page.getByLabel('Short name', { exact: true }).fill('E2E');
      await owner.page.getByLabel('Alias', { exact: true }).fill(`e2e-team-${n}`);
      await owner.page.getByLabel('School', { exact: true }).selectOption({ label: school.name });
      await owner.page.getByLabel('Sport', { exact: true }).selectOption({ label: sport });
      await owner.page.getByLabel('Colour', { exact: true }).fill('#1a7f37');
      expect(await seriousViolations(owner.page)).toEqual([]);
      await owner.page.getByRole('button', { name: 'Add a team' }).click();
      const row = owner.page.getByRole('row').filter({ hasText: team });
      await row.waitFor();
      expect(await row.getByRole('cell').nth(2).textContent()).toBe(sport);
      expect(await row.getByRole('cell').nth(4).textContent()).toBe('#1a7f37');

      await list(owner.page, 'Schools').click();
      await owner.page.getByRole('button', { name: `Delete ${school.name}`, exact: true }).click();
      const refusal = owner.page.getByRole('alert').filter({ hasText: 'it is in use' });
      await refusal.waitFor();
      const text = (await refusal.textContent()) ?? '';
      expect(text).toContain(`“${school.name}” was not deleted: it is in use.`);
      expect(text).toContain('Games using it: ');
      expect(games.some((game) => text.includes(game))).toBe(true);
      expect(await seriousViolations(owner.page)).toEqual([]);
    } finally {
      await removeRows(owner.page, key, [
        { kind: 'teams', name: team },
        { kind: 'sports', name: sport },
      ]);
      await owner.context.close();
    }
  });

  it('shows an analyst the catalogue without edit controls, and the staff as the owners’ to manage', async () => {
    const analyst = await visit(browser());
    await signInThroughApi(analyst.page, ANALYST);
    await openCatalogue(analyst.page, 'teams');
    await analyst.page.getByText('Your role can see the catalogue but not change it.').waitFor();
    expect(await analyst.page.getByRole('cell').count()).toBeGreaterThan(0);
    expect(await analyst.page.getByRole('region', { name: 'Catalogue' }).getByRole('button').count()).toBe(0);
    await analyst.page
      .getByRole('navigation', { name: 'Console sections' })
      .getByRole('link', { name: 'Staff', exact: true })
      .click();
    await analyst.page.getByText('Only the channel’s owners see and manage its staff.', { exact: false }).waitFor();
    expect(await analyst.page.getByRole('table').count()).toBe(0);
    await analyst.context.close();
  });

  it('lets the owner invite a staff member by e-mail and change the role, but not demote the last owner', async () => {
    const owner = await visit(browser(), AXE_CONTEXT);
    await signInThroughApi(owner.page, OWNER);
    const email = `staff-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@console.example`;
    await owner.page.goto(urlFor('localhost', '/console/staff'));
    await owner.page.getByRole('heading', { name: 'Staff', level: 2 }).waitFor();
    await owner.page.getByRole('cell', { name: OWNER.email, exact: true }).waitFor();
    expect(await seriousViolations(owner.page)).toEqual([]);

    await owner.page.getByLabel('E-mail', { exact: true }).fill(email);
    await owner.page.getByLabel('First name', { exact: true }).fill('Ivo');
    await owner.page.getByLabel('Role', { exact: true }).selectOption('analyst');
    await owner.page.getByRole('button', { name: 'Send the invitation' }).click();
    await owner.page.getByText(`Invitation sent to ${email}`).waitFor();
    expect(linkIn((await waitForMails(email))[0] as string)).toMatch(/\?token=/);
    const row = owner.page.getByRole('row').filter({ hasText: email });
    await row.getByText('Invited: no password chosen yet').waitFor();

    await owner.page.getByLabel(`Role of ${email}`, { exact: true }).selectOption('operator');
    await owner.page.getByRole('button', { name: `Change role for ${email}`, exact: true }).click();
    await owner.page.getByText(`${email} is now operator`).waitFor();

    // The demo channel has one owner: demoting it is refused, and said.
    await owner.page.getByLabel(`Role of ${OWNER.email}`, { exact: true }).selectOption('analyst');
    await owner.page.getByRole('button', { name: `Change role for ${OWNER.email}`, exact: true }).click();
    await owner.page
      .getByRole('alert')
      .filter({ hasText: 'The channel must keep at least one owner: make someone else an owner first.' })
      .waitFor();
    expect(await owner.page.getByLabel(`Role of ${OWNER.email}`, { exact: true }).inputValue()).toBe('owner');
    await owner.context.close();
  });
});
