import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AXE_CONTEXT, seriousViolations } from '../support/a11y';
import { suiteBrowser } from '../support/browser';
import { type Credentials, signInAsFan, signInThroughApi } from '../support/sign-in';
import { urlFor } from '../support/urls';
import { visit } from '../support/visit';

const OWNER: Credentials = { email: 'owner@heartland.example', password: 'Sideline-demo-1' };
const ANALYST: Credentials = { email: 'analyst@heartland.example', password: 'Sideline-demo-1' };

type Saved = { colors: Record<string, string>; google_tag: string | null };

/** The branding fields these tests change, as the API has them now (read with the owner's key). */
const savedBranding = (page: Page, key: string) =>
  page.evaluate(async (apiKey) => {
    const res = await fetch(`/api/console/branding?api_key=${encodeURIComponent(apiKey)}`);
    const { data } = (await res.json()) as { data: Saved };
    return { colors: data.colors, google_tag: data.google_tag };
  }, key);

/**
 * Puts back what a test changed, through the API: the tests share one server, and the theme test checks the demo's
 * colours.
 */
async function restore(page: Page, key: string, saved: Saved) {
  const status = await page.evaluate(
    async ({ apiKey, body }) => {
      const res = await fetch('/api/console/branding', {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, api_key: apiKey }),
      });
      return res.status;
    },
    { apiKey: key, body: saved },
  );
  expect(status).toBe(200);
}

const cssVar = (page: Page, name: string) =>
  page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);

const openBranding = async (page: Page) => {
  await page.goto(urlFor('localhost', '/console/branding'));
  await page.getByRole('heading', { name: 'Branding', level: 2 }).waitFor();
  await page.getByLabel('Name', { exact: true }).waitFor();
};

describe('the console’s branding', () => {
  const browser = suiteBrowser();

  it('saves the owner’s new primary colour, which a fan’s page then shows', async () => {
    const owner = await visit(browser());
    const key = await signInThroughApi(owner.page, OWNER);
    const saved = await savedBranding(owner.page, key);
    try {
      await openBranding(owner.page);
      await owner.page.getByRole('heading', { name: / console$/, level: 1 }).waitFor();
      await owner.page.getByText('Signed in as owner@heartland.example, owner').waitFor();
      const primary = owner.page.getByLabel('Primary colour', { exact: true });
      await primary.fill('#1a7f37');
      // The preview follows the unsaved value.
      const preview = owner.page.getByTestId('preview-primary');
      expect(await preview.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(26, 127, 55)');
      await owner.page.getByRole('button', { name: 'Save changes' }).click();
      await owner.page.getByText('Branding saved').waitFor();

      const fan = await visit(browser());
      await fan.page.goto(urlFor('localhost'));
      await fan.page.getByRole('banner').waitFor();
      expect((await cssVar(fan.page, '--primary-color')).toLowerCase()).toBe('#1a7f37');
      await fan.context.close();
    } finally {
      await restore(owner.page, key, saved);
      await owner.context.close();
    }
  });

  it('can be filled and submitted with the keyboard', async () => {
    const owner = await visit(browser());
    const key = await signInThroughApi(owner.page, OWNER);
    const saved = await savedBranding(owner.page, key);
    try {
      await openBranding(owner.page);
      await owner.page.getByLabel('Name', { exact: true }).focus();
      await owner.page.keyboard.press('Tab');
      expect(await owner.page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('short_name');
      // The colour picker and its code are each reached by Tab.
      await owner.page.getByLabel('Primary colour, colour picker', { exact: true }).focus();
      await owner.page.keyboard.press('Tab');
      expect(await owner.page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe(
        'colors.primary-color',
      );
      await owner.page.getByLabel('Google tag').focus();
      await owner.page.keyboard.type('G-KEYBOARD1');
      await owner.page.keyboard.press('Enter');
      await owner.page.getByText('Branding saved').waitFor();
      expect((await savedBranding(owner.page, key)).google_tag).toBe('G-KEYBOARD1');
    } finally {
      await restore(owner.page, key, saved);
      await owner.context.close();
    }
  });

  it('shows an error on its field and sends nothing while a value is wrong', async () => {
    const owner = await visit(browser());
    await signInThroughApi(owner.page, OWNER);
    await openBranding(owner.page);
    await owner.page.getByLabel('Live badge', { exact: true }).fill('red');
    await owner.page.getByRole('button', { name: 'Save changes' }).click();
    await owner.page.getByText('A colour like #1a2b3c').waitFor();
    expect(await owner.page.getByLabel('Live badge', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await owner.context.close();
  });

  it('is read-only for an analyst, without a Save button', async () => {
    const analyst = await visit(browser());
    await signInThroughApi(analyst.page, ANALYST);
    await openBranding(analyst.page);
    await analyst.page.getByText('Your role can see these settings but not change them.').waitFor();
    expect(await analyst.page.getByLabel('Name', { exact: true }).isDisabled()).toBe(true);
    expect(await analyst.page.getByRole('button', { name: 'Save changes' }).count()).toBe(0);
    await analyst.context.close();
  });

  it('tells a fan without a role that the account has none here', async () => {
    const fan = await visit(browser());
    await signInAsFan(fan.page);
    await fan.page.goto(urlFor('localhost', '/console'));
    await fan.page.getByRole('heading', { name: 'No access to this console' }).waitFor();
    await fan.page.getByText('This account has no role in this channel’s console.', { exact: false }).waitFor();
    await fan.context.close();
  });

  it('tells a guest to sign in, with a link to the sign-in page', async () => {
    const guest = await visit(browser());
    await guest.page.goto(urlFor('localhost', '/console'));
    await guest.page.getByRole('heading', { name: 'Sign in to use the console' }).waitFor();
    await guest.page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await guest.page.waitForURL(/\/login$/);
    await guest.context.close();
  });

  it('has no serious accessibility violation on the console’s pages', async () => {
    const owner = await visit(browser(), AXE_CONTEXT);
    await signInThroughApi(owner.page, OWNER);
    await owner.page.goto(urlFor('localhost', '/console'));
    await owner.page.getByRole('heading', { name: 'What your role allows' }).waitFor();
    expect(await seriousViolations(owner.page)).toEqual([]);
    await openBranding(owner.page);
    expect(await seriousViolations(owner.page)).toEqual([]);
    await owner.page.getByRole('link', { name: 'Audit log' }).click();
    await owner.page.getByRole('heading', { name: 'Audit log', level: 2 }).waitFor();
    await owner.page.getByRole('table').or(owner.page.getByText('No entry matches.')).waitFor();
    expect(await seriousViolations(owner.page)).toEqual([]);
    await owner.context.close();
  });
});
