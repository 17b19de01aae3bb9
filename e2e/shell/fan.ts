import type { User } from '@sideline/contract/auth';
import type { Page } from 'playwright-core';
import { fan } from '../../apps/web/src/test/fan';
import { stubPassesForm } from '../support/passes-form';
import { type Host, urlFor } from '../support/urls';

/** A signed-in fan as `GET /profile` would return them: the web tests' fixture, parsed by the contract's schema. */
export const fanUser: User = fan({ id: 7, last_name: 'Fan' });

/**
 * Signs the page's fan in, as far as the web app can tell: the profile answers with `user`, and the passes form
 * with the basic-pass choice (1: chosen, 0: not yet).
 */
export async function signIn(page: Page, user: Partial<User> = {}, basicPass: 0 | 1 = 1, host: Host = 'localhost') {
  // The app asks a guest's key for no profile (lib/api-key.ts): the page holds a key it cannot tell from a session's,
  // a real one for the channel's other calls.
  const channel = (await (await page.request.get(urlFor(host, '/channel.json'))).json()) as { channel_key: string };
  const issued = await page.request.post(urlFor(host, '/api/get_api_key'), {
    data: { channel_key: channel.channel_key },
  });
  const { data } = (await issued.json()) as { data: { api_key: string } };
  await page.addInitScript((key) => {
    try {
      if (!localStorage.getItem('sideline:api-key')) localStorage.setItem('sideline:api-key', key);
      localStorage.removeItem('sideline:guest-key');
    } catch {
      // A page of no origin (about:blank) has no storage.
    }
  }, data.api_key);
  await page.route(
    (url) => url.pathname === '/api/profile',
    (route) => route.fulfill({ json: { data: { ...fanUser, ...user } } }),
  );
  await stubPassesForm(page, basicPass);
}

/** The page's main heading text. */
export const heading = (page: Page) => page.getByRole('heading', { level: 1 }).first().textContent();
