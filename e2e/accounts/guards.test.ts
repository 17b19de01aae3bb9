import { describe, expect, it } from 'vitest';
import { suiteBrowser } from '../support/browser';
import { stubPassesForm } from '../support/passes-form';
import { DEMO_FANS } from '../support/sign-in';
import { urlFor } from '../support/urls';
import { started, visit, where } from '../support/visit';
import { notice, signIn } from './account';

/** The session rules of the spec with real accounts of the demo channel. */
describe('account guards', () => {
  const browser = suiteBrowser();

  it('keeps a temporary-password user on /profile/edit until they choose a new password', async () => {
    const { context, page, errors } = await visit(browser());
    await signIn(page, 'localhost', { email: 'coach@heartland.example', password: 'Change-me-2026' });
    await page.waitForURL('**/profile/edit');
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Choose your own password' }).waitFor();
    // No current password asked (it is the temporary one), nothing else on the page.
    expect(await main.getByLabel('Current password').count()).toBe(0);
    expect(await main.getByRole('heading', { name: 'Personal details' }).count()).toBe(0);

    for (const path of ['/', '/schedule', '/packages', '/privacy_policy']) {
      await page.goto(urlFor('localhost', path));
      await page.waitForURL('**/profile/edit');
    }
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Schedule' }).click();
    await page.waitForTimeout(300);
    expect(where(page)).toBe('/profile/edit');

    await main.getByLabel('New password', { exact: true }).fill('coach-own-2026');
    await main.getByLabel('Confirm the new password').fill('coach-own-2026');
    await main.getByRole('button', { name: 'Change password' }).click();
    await notice(page, 'Your new password is saved. Welcome!');
    await page.waitForURL(urlFor('localhost', '/'));
    await page.goto(urlFor('localhost', '/schedule'));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(where(page)).toBe('/schedule');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a signed-in fan who opens the sign-in page home', async () => {
    const { context, page } = await visit(browser());
    await signIn(page, 'localhost', DEMO_FANS.localhost);
    await notice(page, 'Welcome, Jordan!');
    await page.getByRole('banner').getByRole('link', { name: 'My account' }).waitFor();
    for (const path of ['/login', '/registration']) {
      await page.goto(urlFor('localhost', path));
      await page.waitForURL(urlFor('localhost', '/'));
    }
    await context.close();
  });

  it('refuses to sign out a fan who has not chosen the basic pass, and says why', async () => {
    const { context, page } = await visit(browser());
    await page.goto(urlFor('localhost'));
    await started(page);
    // A verified account without the basic pass, as the API sees a fan right after confirming the address.
    await stubPassesForm(page, 0);
    await signIn(page, 'localhost', DEMO_FANS.localhost);
    await page.waitForURL('**/packages');
    // The address changes first and the page renders right after (in a transition): wait for the page itself.
    await page.getByRole('main').getByRole('button', { name: 'Choose the basic pass' }).waitFor();
    const banner = page.getByRole('banner');
    await banner.getByRole('button', { name: 'Account menu' }).click();
    const signOut = banner.getByRole('button', { name: 'Sign out' });
    expect(await signOut.getAttribute('aria-disabled')).toBe('true');
    await banner.getByText('Choose your basic pass before you sign out.').waitFor();
    // aria-disabled keeps it focusable and clickable (playwright would wait for it to be enabled).
    await signOut.click({ force: true });
    await notice(page, 'Choose your basic pass before you sign out.');
    expect(await banner.getByRole('link', { name: 'My account' }).isVisible()).toBe(true);
    await context.close();
  });
});
