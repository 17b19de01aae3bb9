import type { Page } from 'playwright-core';
import { type Host, urlFor } from './urls';

export type Credentials = { email: string; password: string };

/** The demo viewers of each channel (seeded with the basic pass chosen). */
export const DEMO_FANS: Record<Host, Credentials> = {
  localhost: { email: 'fan@heartland.example', password: 'Sideline-demo-1' },
  'sofia.localhost': { email: 'fen@sofia.example', password: 'Sideline-demo-1' },
};

/** The English channel's premium fan: an annual subscription with the library, clipping and clip downloads. */
export const PREMIUM_FAN: Credentials = { email: 'premium@sideline.test', password: 'Sideline-demo-1' };

/** Opens `url`, a page of the app, and waits until the app has stored its guest key (what its API calls send). */
export async function openAsGuest(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(() => localStorage.getItem('sideline:api-key'));
}

/**
 * Signs a fan in through the API, the way the app keeps a session: the key the login returns goes where
 * `lib/api-key.ts` stores it, so the page reloads as that fan. Starts at `url` (the server of another host or
 * of a test's own server); answers the session's key.
 */
export async function signInThroughApi(page: Page, fan: Credentials, url = urlFor('localhost', '/404')) {
  await openAsGuest(page, url);
  const { status, key } = await page.evaluate(async ({ email, password }) => {
    const res = await fetch('/api/v2/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, api_key: localStorage.getItem('sideline:api-key') }),
    });
    const body = (await res.json()) as { data?: { api_key: string } };
    if (body.data) localStorage.setItem('sideline:api-key', body.data.api_key);
    return { status: res.status, key: body.data?.api_key };
  }, fan);
  if (status !== 200 || !key) throw new Error(`sign-in of ${fan.email} answered ${status}`);
  return key;
}

/** Signs the demo viewer of `host` in through the API. */
export const signInAsFan = (page: Page, host: Host = 'localhost') =>
  signInThroughApi(page, DEMO_FANS[host], urlFor(host, '/404'));
