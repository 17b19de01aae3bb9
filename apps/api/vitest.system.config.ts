import { defineConfig } from 'vitest/config';
import { SYSTEM_SUITES } from './vitest.config';

/** The whole-system suites (see SYSTEM_SUITES): one file at a time, in the group that runs after the parallel one. */
export default defineConfig({
  test: {
    name: 'api-system',
    include: SYSTEM_SUITES,
    globalSetup: ['./test/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
