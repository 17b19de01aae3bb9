import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page, Response } from 'playwright-core';
import { onTestFailed } from 'vitest';

/** Where failed tests leave their screenshots (printed with the failure). */
export const FAILURE_DIR = process.env.E2E_FAILURE_DIR ?? path.join(tmpdir(), 'sideline-e2e-failures');

/**
 * When the test this page belongs to fails, says what the fan saw: the address, the notices on screen, the API
 * answers that were errors, and a screenshot. A failure seen once in a loaded CI run then explains itself.
 * Outside a test (a suite's `beforeAll`) there is nothing to attach to, and nothing is recorded.
 */
export function reportOnFailure(page: Page): void {
  const failedCalls: string[] = [];
  const record = (response: Response) => {
    const url = response.url();
    if (response.status() >= 400 && (url.includes('/api/') || url.includes('/analytics/'))) {
      failedCalls.push(`${response.request().method()} ${new URL(url).pathname} → ${response.status()}`);
    }
  };
  try {
    onTestFailed(async ({ task }) => {
      const lines = [`[e2e failure] ${task.name}`, `  at ${page.isClosed() ? '(page closed)' : page.url()}`];
      if (!page.isClosed()) {
        const notices = await page
          .locator('[role="status"], [role="alert"]')
          .allInnerTexts()
          .catch(() => []);
        lines.push(`  notices: ${JSON.stringify(notices.filter((n) => n.trim()))}`);
        await mkdir(FAILURE_DIR, { recursive: true });
        const file = path.join(FAILURE_DIR, `${task.id}.png`);
        if (
          await page.screenshot({ path: file, fullPage: true }).then(
            () => true,
            () => false,
          )
        )
          lines.push(`  screenshot: ${file}`);
      }
      lines.push(`  failed API calls: ${JSON.stringify(failedCalls.slice(-10))}`);
      console.error(lines.join('\n'));
    });
  } catch {
    return;
  }
  page.on('response', record);
}
