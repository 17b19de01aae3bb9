import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The API serves the built app; in development Vite proxies the API and the channel file to it.
const apiTarget = process.env.SIDELINE_API_URL ?? 'http://localhost:8080';

/** What the frame of every page runs: React, the router, the query cache, i18n, the app shell and its texts. */
const SHELL_MODULES = [
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next)[\\/]/,
  /vite[\\/]preload-helper/,
  /apps[\\/]web[\\/]src[\\/](app[\\/](?!routes)|config|hooks|locales[\\/]en\.ts)/,
  /apps[\\/]web[\\/]src[\\/]lib[\\/](?!format|sentry|text-namespace)/,
  /packages[\\/]contract[\\/]src[\\/](constants|enums|error-codes)/,
];

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url)),
      },
    ],
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/channel.json': { target: apiTarget, changeOrigin: false },
      '/media': { target: apiTarget, changeOrigin: false },
      '/analytics': { target: apiTarget, changeOrigin: false },
    },
  },
  // Every browser the app supports preloads modules natively, so the polyfill stays out of the first chunk.
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Rolldown splits modules shared by the entry and the lazy views into many small files (rolldown#10731),
        // although the entry always loads them first: the frame's libraries and modules make one chunk instead.
        codeSplitting: { groups: [{ name: 'shell', test: (id: string) => SHELL_MODULES.some((re) => re.test(id)) }] },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
