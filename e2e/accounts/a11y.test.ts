import { describe, expect, it } from 'vitest';
import { AXE_CONTEXT, seriousViolations } from '../support/a11y';
import { suiteBrowser } from '../support/browser';
import { DEMO_FANS } from '../support/sign-in';
import { urlFor } from '../support/urls';
import { visit } from '../support/visit';
import { signIn } from './account';

describe('accessibility of the account pages (axe-core)', () => {
  const browser = suiteBrowser();

  it.each([
    { host: 'localhost' as const, path: '/login', submit: 'Sign in' },
    { host: 'localhost' as const, path: '/registration', submit: 'Create my account' },
    { host: 'sofia.localhost' as const, path: '/registration', submit: 'Създай профил' },
  ])('$host $path, empty and with its errors, has no serious or critical violation', async ({ host, path, submit }) => {
    const { context, page } = await visit(browser(), AXE_CONTEXT);
    await page.goto(urlFor(host, path));
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1 }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await main.getByRole('button', { name: submit, exact: true }).click();
    await main.locator('[aria-invalid="true"]').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it.each([
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ])('profile edit and the account menu at $width px have none either', async (viewport) => {
    const { context, page } = await visit(browser(), { ...AXE_CONTEXT, viewport });
    await signIn(page, 'localhost', DEMO_FANS.localhost);
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(urlFor('localhost', '/profile/edit'));
    await page.getByRole('main').getByRole('heading', { name: 'Personal details' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const banner = page.getByRole('banner');
    if (viewport.width < 768) await banner.getByRole('button', { name: 'Menu' }).click();
    await banner.getByRole('button', { name: 'Account menu' }).click();
    await banner.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
