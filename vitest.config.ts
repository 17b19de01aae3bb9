import { defineConfig } from 'vitest/config';

/** One runner for every suite: contract units, API (PGlite and PostgreSQL), web units, browser tests. */
export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/api-client', 'apps/api', 'apps/web', 'e2e'],
    reporters: ['default'],
  },
});
