import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { newContext } from './browser';
import { reportOnFailure } from './failure-report';

export type Visit = { context: BrowserContext; page: Page; requests: Request[]; errors: string[] };

/** A fresh visitor (own storage) with a page that records its requests and script errors. */
export async function visit(browser: Browser, options: Parameters<typeof newContext>[1] = {}): Promise<Visit> {
  const context = await newContext(browser, options);
  const page = await context.newPage();
  const requests: Request[] = [];
  const errors: string[] = [];
  page.on('request', (r) => requests.push(r));
  page.on('pageerror', (e) => errors.push(e.message));
  reportOnFailure(page);
  return { context, page, requests, errors };
}

/** Resolves once the app has started: the channel header is on screen. */
export const started = (page: Page) => page.getByRole('banner').waitFor();

/** The path with query the page shows now. */
export const where = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};
