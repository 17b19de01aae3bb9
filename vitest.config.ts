import { defineConfig } from 'vitest/config';

/** One runner for every suite: contract units, API (PGlite and PostgreSQL), web units, browser tests. */
export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'packages/api-client',
      'apps/api/vitest.config.ts',
      'apps/api/vitest.system.config.ts',
      'apps/web',
      'e2e',
    ],
    reporters: ['default'],
    // Vitest's default is one worker less than the cores: one worker on this 2-core machine, so every file ran after
    // the other. Many API files wait on child processes, databases and timers rather than compute, so one worker per
    // core overlaps those waits (three workers starved CPU-bound files into timeouts on a loaded machine). The
    // browser tests and the API's whole-system suites (fileParallelism: false) still run alone, after the rest.
    maxWorkers: 2,
  },
});
