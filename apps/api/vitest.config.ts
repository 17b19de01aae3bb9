import { defineConfig } from 'vitest/config';

// Repository and HTTP tests run on PGlite always and on PostgreSQL when reachable (see test/global-setup.ts).
export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
