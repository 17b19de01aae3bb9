import { existsSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { bundleReport } from './build/bundle-report.ts';
import { chunkPackages } from './build/chunk-packages.ts';
import { earlyStart } from './build/early-start.ts';
import { inlineEntryCss } from './build/inline-entry-css.ts';
import { precompress } from './build/precompress.ts';
import { startAfterFirstPaint } from './build/start-after-first-paint.ts';

// The API serves the built app; in development Vite proxies the API and the channel file to it.
const apiTarget = process.env.SIDELINE_API_URL ?? 'http://localhost:8080';

/**
 * The app's own files that start a chunk group, declared by path: the build stops if one has moved or gone, so a move
 * cannot silently change what a page loads (everything else is grouped by the module graph).
 */
function declaredAppFile(relative: string): string {
  const file = fileURLToPath(new URL(relative, import.meta.url));
  if (!existsSync(file)) throw new Error(`vite.config.ts: ${relative} is gone; update the chunk group that names it`);
  return file;
}
const CONTROL_ELEMENTS_FILE = declaredAppFile('./src/features/player/components/media-chrome-elements.ts');
const CONTROL_BUTTONS_FILE = declaredAppFile('./src/features/player/components/media-chrome-buttons.ts');
const CONTROL_RANGES_FILE = declaredAppFile('./src/features/player/components/media-chrome-ranges.ts');
const CONTROL_LEVELS_FILE = declaredAppFile('./src/features/player/components/media-chrome-levels.ts');
const WARM_STREAM_FILE = declaredAppFile('./src/features/player/hooks/warm-stream.ts');
/** A module id is its absolute path, with a query after `?` for some imports. */
const isFile = (id: string, file: string) => id.split('?')[0] === file;

/** TanStack Query's hooks that only views use (lists of queries, infinite lists, changes): they go with the views. */
const VIEW_ONLY_QUERY_MODULES =
  /@tanstack[\\/].*[\\/](useQueries|queriesObserver|useInfiniteQuery|infiniteQueryObserver|useMutation|mutationObserver)\.js$/;

/*
 * media-chrome, loaded after the first frame (features/player/components/media-chrome-controls.ts) in five chunks
 * evaluated in turn, each in a task of its own: the controller with what all of media-chrome shares, the first
 * buttons (with the button code they all share), the other buttons, the seek bar (with the range code), then the
 * volume slider and the time display. A group takes the modules its test matches and what they import
 * (not yet taken by a group of higher priority), so the groups go from the shared code to the particular, and the
 * texts come first of all: the player's views import them (media-chrome-labels.ts) to write the labels before any
 * control is defined. When the buttons held the texts, the views' static import of them defined every control as
 * the player's code arrived, in the React commit that creates them.
 */
const PLAYER_CONTROLS_TEXTS = /node_modules[\\/]media-chrome[\\/]dist[\\/](utils[\\/]i18n\.js|lang[\\/]en\.js)/;
const MEDIA_CHROME_RANGE_FILES =
  /node_modules[\\/]media-chrome[\\/]dist[\\/]media-(time-range|volume-range|time-display|chrome-range|text-display|preview-[\w-]+)\.js$/;
const MEDIA_CHROME_CONTROL_FILES =
  /node_modules[\\/]media-chrome[\\/]dist[\\/]media-(?!controller|container)[\w-]+\.js$/;
const MEDIA_CHROME_LATER_BUTTONS =
  /node_modules[\\/]media-chrome[\\/]dist[\\/]media-(fullscreen|pip|playback-rate)-button\.js$/;
const MEDIA_CHROME_LEVEL_FILES = /node_modules[\\/]media-chrome[\\/]dist[\\/]media-(volume-range|time-display)\.js$/;
const PLAYER_CONTROL_LEVELS = (id: string) => MEDIA_CHROME_LEVEL_FILES.test(id) || isFile(id, CONTROL_LEVELS_FILE);
const PLAYER_CONTROL_RANGES = (id: string) =>
  (MEDIA_CHROME_RANGE_FILES.test(id) && !MEDIA_CHROME_LEVEL_FILES.test(id)) || isFile(id, CONTROL_RANGES_FILE);
const PLAYER_CONTROL_BUTTONS = (id: string) => MEDIA_CHROME_LATER_BUTTONS.test(id) || isFile(id, CONTROL_BUTTONS_FILE);
const PLAYER_CONTROL_ELEMENTS = (id: string) =>
  (MEDIA_CHROME_CONTROL_FILES.test(id) && !MEDIA_CHROME_RANGE_FILES.test(id) && !MEDIA_CHROME_LATER_BUTTONS.test(id)) ||
  isFile(id, CONTROL_ELEMENTS_FILE);
const PLAYER_CONTROLS_MODULES = (id: string) =>
  /node_modules[\\/](media-chrome|media-tracks|ce-la-react)[\\/]/.test(id) &&
  !MEDIA_CHROME_CONTROL_FILES.test(id) &&
  !PLAYER_CONTROLS_TEXTS.test(id);
const WARM_STREAM_MODULES = (id: string) => /node_modules[\\/]hls\.js[\\/]/.test(id) || isFile(id, WARM_STREAM_FILE);

export default defineConfig({
  plugins: [
    react(),
    earlyStart(),
    startAfterFirstPaint(),
    inlineEntryCss(),
    precompress(),
    chunkPackages(),
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
        // Names say what a file is, not which views happen to share it today (the views' groups are named by them).
        entryFileNames: 'assets/shell-[hash].js',
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('views~') ? 'assets/views-[hash].js' : 'assets/[name]-[hash].js',
        assetFileNames: (asset) =>
          asset.names.some((n) => n.startsWith('views~'))
            ? 'assets/views-[hash][extname]'
            : 'assets/[name]-[hash][extname]',
        // Chunks follow the module graph, not paths, so moving a file cannot change what a page loads (the browser
        // tests check which libraries the first pages load):
        //  - the shell is what the entry imports statically (Rolldown's `$initial` tag). Without this group Rolldown
        //    splits what the entry shares with lazy views into many small files (rolldown#10731), although the entry
        //    always loads them first;
        //  - what two or more lazy views share is grouped by the set of views that use it, so a page loads only the
        //    code its own views import (the form kit and its schema library stay with the forms); groups under
        //    4 kB join their nearest neighbour (fewer requests on a connection that carries six at a time; larger
        //    merges let a page's chunk import a forms' one).
        codeSplitting: {
          groups: [
            { name: 'shell', tags: ['$initial'], test: (id: string) => !VIEW_ONLY_QUERY_MODULES.test(id), priority: 3 },
            { name: 'views', minShareCount: 2, entriesAware: true, entriesAwareMergeThreshold: 4_000, priority: 2 },
            // Loaded by the player after the first frame (see above PLAYER_CONTROLS_TEXTS); their own groups, or the
            // player's would take them along.
            { name: 'media-chrome-texts', test: PLAYER_CONTROLS_TEXTS, priority: 12 },
            { name: 'player-controls', test: PLAYER_CONTROLS_MODULES, priority: 11 },
            { name: 'player-control-elements', test: PLAYER_CONTROL_ELEMENTS, priority: 10 },
            { name: 'player-control-buttons', test: PLAYER_CONTROL_BUTTONS, priority: 9 },
            { name: 'player-control-ranges', test: PLAYER_CONTROL_RANGES, priority: 8 },
            { name: 'player-control-levels', test: PLAYER_CONTROL_LEVELS, priority: 7 },
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
