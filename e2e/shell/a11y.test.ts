import { describe, expect, it } from 'vitest';
import { AXE_CONTEXT, seriousViolations } from '../support/a11y';
import { suiteBrowser } from '../support/browser';
import { urlFor } from '../support/urls';
import { started, visit } from '../support/visit';

describe('accessibility of the shell (axe-core)', () => {
  const browser = suiteBrowser();

  it.each([
    { host: 'localhost' as const, path: '/' },
    { host: 'localhost' as const, path: '/404' },
    { host: 'localhost' as const, path: '/faq' },
    { host: 'sofia.localhost' as const, path: '/' },
    { host: 'sofia.localhost' as const, path: '/contacts' },
  ])('$host $path has no serious or critical violation', async ({ host, path }) => {
    const { context, page } = await visit(browser(), AXE_CONTEXT);
    await page.goto(urlFor(host, path));
    await started(page);
    await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'attached' });
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('the open menus on a phone and on a desktop have none either', async () => {
    const { context, page } = await visit(browser(), { ...AXE_CONTEXT, viewport: { width: 390, height: 844 } });
    await page.goto(urlFor('sofia.localhost'));
    await started(page);
    await page.getByRole('button', { name: 'Меню' }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(urlFor('localhost'));
    await started(page);
    await page.getByRole('button', { name: 'More' }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('the technical-difficulties screen has none', async () => {
    const { context, page } = await visit(browser(), AXE_CONTEXT);
    await page.route('**/api/**', (route) => route.abort());
    await page.goto(urlFor('localhost'));
    await page.getByRole('button', { name: 'Reload' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
