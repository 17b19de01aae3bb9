import type { Page } from 'playwright-core';
import { type Host, urlFor } from '../support/urls';

/** Waits for a notice (toast) with this text. */
export const notice = (page: Page, text: string | RegExp) =>
  page
    .getByRole('region', { name: /Notifications|Известия/ })
    .getByText(text)
    .waitFor();

/** Signs in through the form of /login, in whatever language the page is. */
export async function signIn(
  page: Page,
  host: Host,
  { email, password, submit = 'Sign in' }: { email: string; password: string; submit?: string },
) {
  await page.goto(urlFor(host, '/login'));
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="password"]').fill(password);
  await page.getByRole('main').getByRole('button', { name: submit, exact: true }).click();
}
