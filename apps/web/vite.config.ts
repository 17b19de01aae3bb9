import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { bundleReport } from './build/bundle-report.ts';
import { earlyStart } from './build/early-start.ts';
import { inlineEntryCss } from './build/inline-entry-css.ts';
import { precompress } from './build/precompress.ts';
import { startAfterFirstPaint } from './build/start-after-first-paint.ts';

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

/** TanStack Query's hooks that only views use (lists of queries, infinite lists, changes): they go with the views. */
const VIEW_ONLY_QUERY_MODULES =
  /@tanstack[\\/].*[\\/](useQueries|queriesObserver|useInfiniteQuery|infiniteQueryObserver|useMutation|mutationObserver)\.js$/;

/**
 * media-chrome's controls, loaded after the first frame (features/player/components/media-chrome-controls.ts);
 * not its texts: the player sets its labels in them before the controls are defined.
 */
const PLAYER_CONTROLS_MODULES = /node_modules[\\/](media-chrome|media-tracks|ce-la-react)[\\/]/;
const PLAYER_CONTROLS_TEXTS = /node_modules[\\/]media-chrome[\\/]dist[\\/](utils[\\/]i18n\.js|lang[\\/]en\.js)/;
const WARM_STREAM_MODULES = /node_modules[\\/]hls\.js[\\/]|features[\\/]player[\\/]hooks[\\/]warm-stream\.ts$/;
/** The player: hls.js and the player feature, used by the watch and stream-check views. */
const PLAYER_MODULES = /node_modules[\\/]hls\.js[\\/]|src[\\/]features[\\/]player[\\/]/;
/**
 * App modules below the views: not the views themselves, the player, the account forms (they bring the schema
 * library along), the on-demand library (only its two views use it: its own chunk) nor the French and Bulgarian
 * texts.
 */
const VIEW_MODULES =
  /apps[\\/]web[\\/]src[\\/](?!app[\\/]routes[\\/]|features[\\/](player|vod|auth[\\/]components)[\\/]|features[\\/]auth[\\/]api[\\/]update-profile|locales[\\/]vod[\\/]|locales[\\/].*[\\/](fr|bg)\.ts)/;

export default defineConfig({
  plugins: [
    react(),
    earlyStart(),
    startAfterFirstPaint(),
    inlineEntryCss(),
    precompress(),
    ...(process.env.BUNDLE_REPORT ? [bundleReport()] : []),
  ],
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
        // The views' shared modules (API calls, cards, formats) are small and many: one chunk, fewer requests on a
        // connection that carries six at a time; the player's libraries one more.
        codeSplitting: {
          groups: [
            {
              name: 'shell',
              test: (id: string) => SHELL_MODULES.some((re) => re.test(id)) && !VIEW_ONLY_QUERY_MODULES.test(id),
              priority: 3,
            },
            // Before the player's: a group takes its modules' dependencies along, and the shared ones belong here.
            { name: 'views', test: VIEW_MODULES, minShareCount: 2, priority: 2 },
            { name: 'player', test: PLAYER_MODULES, priority: 1 },
            // Loaded by the player after the first frame; its own group, or the player's would take it along. Its
            // texts are apart: the player writes its labels in them first (a group takes dependencies along).
            { name: 'player-controls', test: PLAYER_CONTROLS_MODULES, priority: 4 },
            { name: 'media-chrome-texts', test: PLAYER_CONTROLS_TEXTS, priority: 5 },
            // hls.js with the warm start alone: the early start loads it on a game's page (early-start.js).
            { name: 'hls', test: WARM_STREAM_MODULES, priority: 6 },
          ],
        },
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
