import { configDefaults, defineConfig } from 'vitest/config';
import { webTestsByIsolation } from './apps/web/build/test-isolation';

const WEB = { extends: './apps/web/vite.config.ts', root: './apps/web' } as const;
const webTests = webTestsByIsolation('apps/web');

/** One runner for every suite: contract units, API (PGlite and PostgreSQL), web units, browser tests. */
export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'packages/api-client',
      'apps/api/vitest.config.ts',
      'apps/api/vitest.system.config.ts',
      // The web units in one shared jsdom per worker, but for the files that mock or stub (build/test-isolation.ts).
      { ...WEB, test: { name: 'web', isolate: false, exclude: [...configDefaults.exclude, ...webTests.isolated] } },
      { ...WEB, test: { name: 'web-isolated', exclude: [...configDefaults.exclude, ...webTests.shared] } },
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
