import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { suiteBrowser } from '../support/browser';
import { DEMO_FANS } from '../support/sign-in';
import { urlFor } from '../support/urls';
import { started, visit, where } from '../support/visit';
import { notice } from './account';

/** On /login, "Continue with Google" leads to the demo's offline identity provider, where the tester says who they are. */
async function continueWithGoogle(page: Page, identity: { email: string; firstName: string }) {
  await page.goto(urlFor('localhost', '/login'));
  await started(page);
  await page.getByRole('main').getByRole('button', { name: 'Continue with Google' }).click();
  await page.getByRole('heading', { name: 'Sign in with the sandbox identity provider' }).waitFor();
  await page.getByLabel('E-mail address').fill(identity.email);
  await page.getByLabel('First name').fill(identity.firstName);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The e-mail address the header's account menu shows: who the page is signed in as. */
async function signedInAs(page: Page) {
  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: 'Account menu' }).click();
  return banner;
}

describe('social sign-in through the offline identity provider', () => {
  const browser = suiteBrowser();

  it('a new address accepts the terms and gets a new account, sent to choose its basic pass', async () => {
    const { page } = await visit(browser());
    const email = `social-${Date.now()}@example.com`;
    await continueWithGoogle(page, { email, firstName: 'Sandy' });
    // Back on the channel: the account does not exist yet, so the terms are asked for before it is made.
    const main = page.getByRole('main');
    await main.getByText('You are not registered yet. Please accept terms and conditions to continue').waitFor();
    expect(new URL(page.url()).search).toBe('');
    await main.getByRole('checkbox').check();
    await main.getByRole('button', { name: 'Create my account' }).click();
    await notice(page, 'Welcome, Sandy!');
    // A new fan has no basic pass yet: the guards send them to the passes.
    await page.waitForURL((url) => url.pathname === '/packages');
    expect(where(page)).toBe('/packages');
    await (await signedInAs(page)).getByText(email).waitFor();
  });

  it('the address of an existing account signs in to it (linked) without its password', async () => {
    const { page } = await visit(browser());
    const fan = DEMO_FANS.localhost;
    await continueWithGoogle(page, { email: fan.email, firstName: 'Jordan' });
    await notice(page, 'Welcome, Jordan!');
    await page.waitForURL((url) => url.pathname !== '/login');
    await (await signedInAs(page)).getByText(fan.email).waitFor();
  });

  it('cancelling on the provider page comes back signed out, with nothing made', async () => {
    const { page } = await visit(browser());
    await page.goto(urlFor('localhost', '/login'));
    await started(page);
    await page.getByRole('main').getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('main').getByRole('button', { name: 'Continue with Google' }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).count()).toBe(0);
  });
});
