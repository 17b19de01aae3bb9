import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newContext } from '../support/browser';
import { urlFor } from '../support/urls';

export type Host = 'localhost' | 'sofia.localhost';
export type Visit = { context: BrowserContext; page: Page; errors: string[] };

/** A fresh visitor (own storage) whose page records script errors. */
export async function visit(browser: Browser, options: Parameters<typeof newContext>[1] = {}): Promise<Visit> {
  const context = await newContext(browser, options);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

/** Resolves once the app has started: the channel header is on screen. */
export const started = (page: Page) => page.getByRole('banner').waitFor();

/** An address nobody used before on the shared server. */
export const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@accounts.example`;

/** The path with query the page shows now. */
export const where = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

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

const axePath = createRequire(import.meta.url).resolve('axe-core');
type Violation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] };

/** Serious and critical axe-core violations of the page as it is now (the context must bypass the CSP). */
export async function seriousViolations(page: Page) {
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target) }));
}
