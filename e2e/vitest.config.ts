import { defineConfig } from 'vitest/config';

// Browser tests share one server and one Chromium; files run one after another (the machine has 2 cores).
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
