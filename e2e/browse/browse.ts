import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { urlFor } from '../support/urls';

export type Host = 'localhost' | 'sofia.localhost';

/** The demo viewers of each channel (seeded with the basic pass chosen). */
export const DEMO_FANS: Record<Host, { email: string; password: string }> = {
  localhost: { email: 'fan@heartland.example', password: 'Sideline-demo-1' },
  'sofia.localhost': { email: 'fen@sofia.example', password: 'Sideline-demo-1' },
};

/**
 * Signs the demo viewer in through the API, the way the app keeps a session: the key the login returns goes
 * where `lib/api-key.ts` stores it. The page then reloads as that viewer.
 */
export async function signInAsFan(page: Page, host: Host = 'localhost') {
  await page.goto(urlFor(host, '/404'));
  await page.waitForFunction(() => localStorage.getItem('sideline:api-key'));
  const fan = DEMO_FANS[host];
  const status = await page.evaluate(async ({ email, password }) => {
    const res = await fetch('/api/v2/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, api_key: localStorage.getItem('sideline:api-key') }),
    });
    const body = (await res.json()) as { data?: { api_key: string } };
    if (body.data) localStorage.setItem('sideline:api-key', body.data.api_key);
    return res.status;
  }, fan);
  if (status !== 200) throw new Error(`demo sign-in answered ${status}`);
}

/** Removes every favorite of the signed-in viewer, so each test starts from none. */
export async function clearFavorites(page: Page) {
  await page.evaluate(async () => {
    const key = localStorage.getItem('sideline:api-key') ?? '';
    const res = await fetch(`/api/favorites?api_key=${encodeURIComponent(key)}`);
    const { data } = (await res.json()) as { data: { id: number }[] };
    for (const favorite of data) {
      await fetch(`/api/favorite/${favorite.id}?api_key=${encodeURIComponent(key)}`, { method: 'DELETE' });
    }
  });
}

/** The games listed in the page's main area, as the addresses their cards or rows link to. */
export const listedGames = (page: Page) =>
  page
    .getByRole('main')
    .locator('article h2 a, article h3 a, article h4 a, tbody th a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));

/** The `GET /events` requests a page makes, without the api key, for the abort and paging checks. */
export function eventRequests(page: Page) {
  const urls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/events') {
      url.searchParams.delete('api_key');
      urls.push(url.search);
    }
  });
  return urls;
}

const axePath = createRequire(import.meta.url).resolve('axe-core');
type Violation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] };

/** Serious and critical axe-core violations of the page as it is now. */
export async function seriousViolations(page: Page) {
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target) }));
}

export type { Browser };
