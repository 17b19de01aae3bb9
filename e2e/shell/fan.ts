import type { User } from '@sideline/contract/auth';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { newContext } from '../support/browser';

/** A signed-in fan as `GET /profile` would return them (accounts are a later release: the tests stand in). */
export const fanUser: User = {
  id: 7,
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Fan',
  phone: null,
  email_verified: true,
  temporary_password: false,
  trial_period_used: false,
  capabilities: ['watch'],
  featureCount: { clips: 0, downloads: 0 },
  is_geo_blocked: false,
};

export type Visit = { context: BrowserContext; page: Page; requests: Request[]; errors: string[] };

/** A fresh visitor (own storage) with a page that records its requests and script errors. */
export async function visit(browser: Browser, options: Parameters<typeof newContext>[1] = {}): Promise<Visit> {
  const context = await newContext(browser, options);
  const page = await context.newPage();
  const requests: Request[] = [];
  const errors: string[] = [];
  page.on('request', (r) => requests.push(r));
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, requests, errors };
}

/**
 * Signs the page's fan in, as far as the web app can tell: the profile answers with `user`, and the passes form
 * with the basic-pass choice (1: chosen, 0: not yet).
 */
export async function signIn(page: Page, user: Partial<User> = {}, basicPass: 0 | 1 = 1) {
  await page.route(
    (url) => url.pathname === '/api/profile',
    (route) => route.fulfill({ json: { data: { ...fanUser, ...user } } }),
  );
  await page.route(
    (url) => url.pathname === '/api/custom-forms/passes',
    (route) =>
      route.fulfill({
        json: {
          data: {
            alias: 'passes',
            fields: [{ name: 'basic_pass', label: 'Basic pass', type: 'checkbox', value: basicPass }],
          },
        },
      }),
  );
}

/** Resolves once the app has started: the channel header is on screen. */
export const started = (page: Page) => page.getByRole('banner').waitFor();

/** The current path with query. */
export const where = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

/** The page's main heading text. */
export const heading = (page: Page) => page.getByRole('heading', { level: 1 }).first().textContent();
