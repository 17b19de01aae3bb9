import { existsSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { bundleReport } from './build/bundle-report.ts';
import { chunkPackages } from './build/chunk-packages.ts';
import { consoleApart } from './build/console-apart.ts';
import { declaredChunks } from './build/declared-chunks.ts';
import { earlyStart } from './build/early-start.ts';
import { inlineEntryCss } from './build/inline-entry-css.ts';
import { moduleOfExport } from './build/package-exports.ts';
import { precompress } from './build/precompress.ts';
import { reactMarkers } from './build/react-markers.ts';
import { startAfterFirstPaint } from './build/start-after-first-paint.ts';

// The API serves the built app; in development Vite proxies the API and the channel file to it.
const apiTarget = process.env.SIDELINE_API_URL ?? 'http://localhost:8080';

/**
 * The files that start a chunk group, declared by path: the build stops if one has moved or gone, so a move (or a
 * library's upgrade) cannot silently change what a page loads (everything else is grouped by the module graph); and,
 * once built, if a group did not take its file (build/declared-chunks.ts).
 */
function declaredFile(relative: string): string {
  const file = fileURLToPath(new URL(relative, import.meta.url));
  if (!existsSync(file)) throw new Error(`vite.config.ts: ${relative} is gone; update the chunk group that names it`);
  return file;
}
/** A module id is its absolute path, with a query after `?` for some imports. */
const isFile = (id: string, file: string) => id.split('?')[0] === file;

/**
 * The boot object's module (src/lib/boot-object.ts): the shell and the warm stream both use it, and the warm stream's
 * chunk must not import the shell (the early start loads it before the shell), nor the shell the stream's (hls.js on
 * every page). A chunk of its own, a few hundred bytes, that the page preloads with the entry.
 */
const BOOT_OBJECT_FILE = declaredFile('./src/lib/boot-object.ts');

/** React DOM, a chunk the boot imports as it starts (src/app/react-root.ts says why), asked for with the entry. */
const REACT_ROOT_FILE = declaredFile('./src/app/react-root.ts');

/*
 * The player's late code, in the order it loads: media-chrome's texts (the player's views import them to write the
 * labels before any control is defined), then the five control files, one after the other, each in a task of its
 * own (features/player/components/media-chrome-controls.ts): the controller with what all of media-chrome shares,
 * the first buttons (with the button code they all share), the other buttons, the seek bar (with the range code),
 * then the volume slider and the time display; and the warm stream with hls.js, which the early start loads. Each
 * group takes its file and what that file imports, not yet taken by a group of higher priority (Rolldown's
 * includeDependenciesRecursively): so the groups go from the shared to the particular and follow the module graph,
 * whatever media-chrome names its files. When the buttons held the texts, the views' static import of them defined
 * every control as the player's code arrived, in the React commit that creates them.
 */
const PLAYER_CHUNKS = [
  ['media-chrome-texts', './src/features/player/utils/media-chrome-labels.ts'],
  ['player-controls', './src/features/player/components/media-chrome-controller.ts'],
  ['player-control-elements', './src/features/player/components/media-chrome-elements.ts'],
  ['player-control-buttons', './src/features/player/components/media-chrome-buttons.ts'],
  ['player-control-ranges', './src/features/player/components/media-chrome-ranges.ts'],
  ['player-control-levels', './src/features/player/components/media-chrome-levels.ts'],
  // hls.js with the warm start: the early start loads it on a game's page (early-start.js).
  ['hls', './src/features/player/hooks/warm-stream.ts'],
] as const;
const playerFiles = PLAYER_CHUNKS.map(([name, relative]) => ({ name, file: declaredFile(relative) }));
const playerGroups = playerFiles.map(({ name, file }, index) => ({
  name,
  test: (id: string) => isFile(id, file),
  priority: 12 - index,
}));

/**
 * TanStack Query's hooks that only views use (lists of queries, infinite lists, changes), with their observers: they
 * go with the views. The entry imports the package's index, which re-exports them, so the module graph alone would
 * put them in the shell. Named by what the packages export (build/package-exports.ts), not by their files: an
 * upgrade that moves a file still builds, and one that drops an export stops the build with its name.
 */
const VIEW_ONLY_QUERY_FILES = [
  ...['useQueries', 'useInfiniteQuery', 'useMutation'].map((name) => moduleOfExport('@tanstack/react-query', name)),
  ...['QueriesObserver', 'InfiniteQueryObserver', 'MutationObserver'].map((name) =>
    moduleOfExport('@tanstack/query-core', name),
  ),
];
const isViewOnlyQueryModule = (id: string) => VIEW_ONLY_QUERY_FILES.some((file) => isFile(id, file));

export default defineConfig({
  plugins: [
    react(),
    reactMarkers(),
    earlyStart(),
    startAfterFirstPaint([REACT_ROOT_FILE]),
    inlineEntryCss(),
    precompress(),
    chunkPackages(),
    declaredChunks([...playerFiles, { name: 'boot-object', file: BOOT_OBJECT_FILE }], VIEW_ONLY_QUERY_FILES),
    // The operators' console adds nothing to a fan's page (issue 42).
    consoleApart(),
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
            { name: 'shell', tags: ['$initial'], test: (id: string) => !isViewOnlyQueryModule(id), priority: 3 },
            { name: 'views', minShareCount: 2, entriesAware: true, entriesAwareMergeThreshold: 4_000, priority: 2 },
            // Loaded by the player after the first frame (see PLAYER_CHUNKS above), each group in a chunk of its own.
            ...playerGroups,
            // Above the player's groups, which would otherwise take it in with the warm stream (BOOT_OBJECT_FILE).
            { name: 'boot-object', test: (id: string) => isFile(id, BOOT_OBJECT_FILE), priority: 20 },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
