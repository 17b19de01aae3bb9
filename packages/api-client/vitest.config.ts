import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'api-client', include: ['src/**/*.test.ts'], testTimeout: 60_000 } });
