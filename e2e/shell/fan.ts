import type { User } from '@sideline/contract/auth';
import type { Page } from 'playwright-core';
import { fan } from '../../apps/web/src/test/fan';
import { stubPassesForm } from '../support/passes-form';

/** A signed-in fan as `GET /profile` would return them: the web tests' fixture, parsed by the contract's schema. */
export const fanUser: User = fan({ id: 7, last_name: 'Fan' });

/**
 * Signs the page's fan in, as far as the web app can tell: the profile answers with `user`, and the passes form
 * with the basic-pass choice (1: chosen, 0: not yet).
 */
export async function signIn(page: Page, user: Partial<User> = {}, basicPass: 0 | 1 = 1) {
  await page.route(
    (url) => url.pathname === '/api/profile',
    (route) => route.fulfill({ json: { data: { ...fanUser, ...user } } }),
  );
  await stubPassesForm(page, basicPass);
}

/** The page's main heading text. */
export const heading = (page: Page) => page.getByRole('heading', { level: 1 }).first().textContent();
