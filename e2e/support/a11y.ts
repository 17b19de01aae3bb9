import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * The context options of a visit that `seriousViolations` checks: the page's policy forbids inline scripts, and
 * axe is injected as one, so the test context bypasses the policy.
 */
export const AXE_CONTEXT = { bypassCSP: true };

const axePath = createRequire(import.meta.url).resolve('axe-core');
type Violation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] };

/** Serious and critical axe-core violations of the page as it is now (its context made with `AXE_CONTEXT`). */
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
