import { defineConfig } from 'vitest/config';

/**
 * Suites that run the whole server as processes and stop, kill or starve its parts (nginx and four processes,
 * private PostgreSQL and Redis restarted, kill -9 in the middle of work). Each bounds how long a fan may wait, so
 * they run alone, one after another, after the rest: next to another heavy file on two cores their waits were
 * measured on a starved machine, not on the code (the cluster's worker missed its clip cut; see
 * vitest.system.config.ts).
 */
export const SYSTEM_SUITES = [
  'test/cluster/**/*.test.ts',
  'test/http/postgres-restart.test.ts',
  'test/http/redis-restart.test.ts',
  'test/http/mail-crash.test.ts',
  'src/modules/clips/clip-kill.test.ts',
  'src/modules/commerce/checkout-kill.test.ts',
  'src/modules/media/encoder-orphans.test.ts',
  'src/modules/ingest/ingest-kill.test.ts',
];

// Repository and HTTP tests run on PGlite always and on PostgreSQL when reachable (see test/global-setup.ts).
export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...SYSTEM_SUITES],
    globalSetup: ['./test/global-setup.ts'],
    // Files share each worker's module graph instead of importing the app anew (Fastify, drizzle and the modules:
    // about 2 s a file, 200 s a run on this machine). Each file still builds its own app on its own database copy,
    // and no API test mocks a module, so nothing a file changes reaches another (the web units split theirs).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
