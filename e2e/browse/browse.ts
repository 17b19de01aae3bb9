import type { Page } from 'playwright-core';

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

/**
 * The games listed in the page's main area, as the addresses their cards or rows link to, once the lists are whole
 * (a listing adds its cards a few per task, and says it is busy meanwhile).
 */
export async function listedGames(page: Page) {
  const main = page.getByRole('main');
  await main.locator('ul[aria-busy="true"]').first().waitFor({ state: 'detached' });
  return main
    .locator('article h2 a, article h3 a, article h4 a, tbody th a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
}

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
