import { defineConfig } from 'vitest/config';

// Browser tests share one server and one Chromium; files run one after another. Two shards side by side (each with
// its own server and Chromium) were tried: 845 s against 1073 s, with a timing test failing, as Chromium's renderers
// already keep both cores busy. `isolate: false` (38 s of imports down to 4 s) makes vitest refuse the whole run
// beside the parallel projects ("different maxWorkers but same sequence.groupOrder"): left isolated.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // A page that answers in a few seconds while live encoders and other suites share the cores is still right;
    // vitest's default of 1 s for `expect.poll` failed such pages on a loaded CI machine.
    expect: { poll: { timeout: 10_000 } },
  },
});
