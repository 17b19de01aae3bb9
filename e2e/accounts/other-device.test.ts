import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AXE_CONTEXT, seriousViolations } from '../support/a11y';
import { suiteBrowser } from '../support/browser';
import { pickLanguage } from '../support/language';
import { DEMO_FANS } from '../support/sign-in';
import { urlFor } from '../support/urls';
import { started, visit, where } from '../support/visit';
import { notice, signIn } from './account';

/** Opens the sign-in page's code form and sends `code`, with the page's labels in English or Bulgarian. */
async function enterCode(page: Page, code: string, bg = false) {
  const main = page.getByRole('main');
  await main
    .getByRole('button', { name: bg ? 'Имате код от друго устройство?' : 'Have a code from another device?' })
    .click();
  await main.getByLabel(bg ? 'Код от другото ви устройство' : 'Code from your other device').fill(code);
  await main.getByRole('button', { name: bg ? 'Вход с кода' : 'Sign in with the code' }).click();
}

describe('signing in on another device with a one-time code', () => {
  const browser = suiteBrowser();

  it('device A shows a code; device B signs in with it as the same fan; a third device is refused it', async () => {
    // Device A: the fan, signed in, asks for a code in their profile.
    const a = await visit(browser(), { ...AXE_CONTEXT, permissions: ['clipboard-read', 'clipboard-write'] });
    await signIn(a.page, 'localhost', DEMO_FANS.localhost);
    await a.page.waitForURL((url) => url.pathname !== '/login');
    await a.page.goto(urlFor('localhost', '/profile/edit'));
    const panel = a.page.getByRole('region', { name: 'Sign in on another device' });
    await panel.getByRole('button', { name: 'Get a code' }).click();
    const shown = panel.getByRole('status', { name: 'Your code' });
    await shown.waitFor();
    const code = (await shown.locator('[aria-hidden="true"]').textContent()) ?? '';
    expect(code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    // Ten minutes, counting down.
    const expiry = panel.getByText(/^Works once, for another (10:00|9:[0-5]\d)\.$/);
    const first = await expiry.textContent();
    await expect.poll(() => expiry.textContent()).not.toBe(first);
    await panel.getByRole('button', { name: 'Copy the code' }).click();
    await notice(a.page, 'Code copied.');
    expect(await a.page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    expect(await seriousViolations(a.page)).toEqual([]);

    // Device B: a separate browser, never signed in, types the code (in lower case) on the sign-in page.
    const b = await visit(browser(), AXE_CONTEXT);
    await b.page.goto(urlFor('localhost', '/login'));
    await started(b.page);
    const main = b.page.getByRole('main');
    await main.getByRole('button', { name: 'Have a code from another device?' }).click();
    await main.getByLabel('Code from your other device').waitFor();
    expect(await seriousViolations(b.page)).toEqual([]);
    await main.getByLabel('Code from your other device').fill(code.toLowerCase());
    await main.getByRole('button', { name: 'Sign in with the code' }).click();
    await notice(b.page, 'Welcome, Jordan!');
    await b.page.waitForURL((url) => url.pathname !== '/login');
    expect(where(b.page)).toBe('/');
    const banner = b.page.getByRole('banner');
    await banner.getByRole('button', { name: 'Account menu' }).click();
    await banner.getByText(DEMO_FANS.localhost.email).waitFor();
    // Signed in as a login signs in: the session survives a reload.
    await b.page.reload();
    await banner.getByRole('button', { name: 'Account menu' }).waitFor();

    // Device C: the same code again is refused beside the field, in the page's language, and nobody signs in.
    const c = await visit(browser(), AXE_CONTEXT);
    await c.page.goto(urlFor('localhost', '/login'));
    await started(c.page);
    await pickLanguage(c.page, 'bg');
    await c.page.getByRole('main').getByRole('heading', { level: 1, name: 'Вход' }).waitFor();
    await enterCode(c.page, code, true);
    const field = c.page.getByRole('main').getByLabel('Код от другото ви устройство');
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    await c.page
      .getByRole('main')
      .getByText(/^Кодът е грешен, вече използван или изтекъл\./)
      .waitFor();
    expect(where(c.page)).toBe('/login');
    await c.page.getByRole('banner').getByRole('link', { name: 'Вход' }).waitFor();
    expect(await seriousViolations(c.page)).toEqual([]);

    for (const visitor of [a, b, c]) {
      expect(visitor.errors).toEqual([]);
      await visitor.context.close();
    }
    // Three browsers, two sign-ins and four axe runs: about a minute on a loaded two-core machine.
  }, 150_000);

  it('refuses a code that was never issued, in English', async () => {
    const { context, page } = await visit(browser());
    await page.goto(urlFor('localhost', '/login'));
    await started(page);
    await enterCode(page, 'ABCDE-FGHJK');
    await page
      .getByRole('main')
      .getByText(/^This code is wrong, used or expired\./)
      .waitFor();
    expect(where(page)).toBe('/login');
    await context.close();
  });
});
