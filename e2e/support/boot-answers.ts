import type { Page } from 'playwright-core';

/** The answers the server puts in a page, by address (apps/api/src/plugins/web.ts). */
// biome-ignore lint/suspicious/noExplicitAny: tests change whatever field they need
export type BootAnswers = Record<string, any>;

const BOOT = /(<script id="sideline-boot" type="application\/json">)(.*?)(<\/script>)/s;
const isPagePath = (url: URL) => !/\.\w+$/.test(url.pathname) && !/^\/(api|media|analytics)\//.test(url.pathname);

/**
 * Changes the startup answers in every page `page` opens, as a server with other channel data would send them;
 * `change` returning null leaves none in the page (as a plain static host serves it), so the app asks for them.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a change that edits the answers in place returns nothing (void).
export async function changeBootAnswers(page: Page, change: (answers: BootAnswers) => BootAnswers | null | void) {
  await page.route(isPagePath, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const res = await route.fetch();
    const html = (await res.text()).replace(BOOT, (_, open: string, json: string, close: string) => {
      const answers = JSON.parse(json) as BootAnswers;
      const changed = change(answers);
      if (changed === null) return '';
      return `${open}${JSON.stringify(changed ?? answers).replace(/</g, '\\u003c')}${close}`;
    });
    const headers = { ...res.headers() };
    delete headers['content-encoding'];
    delete headers['content-length'];
    await route.fulfill({ status: res.status(), headers, body: html });
  });
}
