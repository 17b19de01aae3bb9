import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin, Rollup } from 'vite';
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

/** The pages the early start fetches code for, by the route modules they open with. */
const EARLY_ROUTES: Record<string, string[]> = {
  home: ['src/app/routes/home.tsx', 'src/app/routes/home-rails.tsx'],
  watch: ['src/app/routes/watch.tsx'],
};

/** For each early route: its chunks and their CSS, beyond what the entry itself loads, as page addresses. */
function routePreloads(bundle: Rollup.OutputBundle): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (start: string[]) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const next of byFile.get(file)?.imports ?? []) visit(next);
    };
    for (const file of start) visit(file);
    return seen;
  };
  const loaded = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
  const preloads: Record<string, string[]> = {};
  for (const [name, modules] of Object.entries(EARLY_ROUTES)) {
    const starts = modules.map((m) => chunks.find((c) => c.facadeModuleId?.endsWith(m))?.fileName);
    const files = [...closure(starts.filter((f): f is string => !!f))].filter((f) => !loaded.has(f));
    const css = files.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
    preloads[name] = [...files, ...new Set(css)].map((f) => `/${f}`);
  }
  return preloads;
}

/** The chunk that starts a stream early (features/player/hooks/warm-stream.ts), as a page address. */
function warmStreamChunk(bundle: Rollup.OutputBundle): string {
  const chunk = Object.values(bundle).find(
    (c): c is Rollup.OutputChunk => c.type === 'chunk' && c.moduleIds.some((id) => id.endsWith('warm-stream.ts')),
  );
  return chunk ? `/${chunk.fileName}` : '';
}

/**
 * Inlines early-start.js into the page (see that file), with the files of its early routes. The server allows
 * it by its hash (apps/api/src/plugins/web.ts).
 */
function earlyStart(): Plugin {
  const source = readFileSync(fileURLToPath(new URL('./early-start.js', import.meta.url)), 'utf8')
    // Comments and indentation are for readers of the file, not bytes of every page.
    .replace(/^\s*(\/\/.*|\/?\*.*)$/gm, '')
    .replace(/\n\s*/g, '\n')
    .trim();
  return {
    name: 'sideline-early-start',
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) =>
        html.replace(
          '<!--sideline-early-->',
          `<script>${source
            .replace('__ROUTE_PRELOADS__', JSON.stringify(ctx.bundle ? routePreloads(ctx.bundle) : {}))
            .replace('__WARM_STREAM__', JSON.stringify(ctx.bundle ? warmStreamChunk(ctx.bundle) : ''))}</script>`,
        ),
    },
  };
}

/**
 * Puts the CSS of the entry and the chunks it imports into the page as <style>, instead of render-blocking
 * <link>s: a phone paints the splash without one more round trip. The files leave the bundle and the chunks'
 * CSS lists, so a lazy view's preload does not add them again behind the views' own styles.
 */
function inlineEntryCss(): Plugin {
  let inlined: string[] = [];
  return {
    name: 'sideline-inline-entry-css',
    apply: 'build',
    generateBundle: {
      // Before Vite writes the page's links and the lazy imports' dependency lists from the chunks' CSS.
      order: 'pre',
      handler: (_options, bundle) => {
        const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const entryGraph = new Set<Rollup.OutputChunk>();
        const visit = (chunk: Rollup.OutputChunk | undefined) => {
          if (!chunk || entryGraph.has(chunk)) return;
          entryGraph.add(chunk);
          for (const file of chunk.imports) visit(byFile.get(file));
        };
        for (const chunk of chunks.filter((c) => c.isEntry)) visit(chunk);
        const styles: string[] = [];
        for (const chunk of entryGraph) {
          for (const file of chunk.viteMetadata?.importedCss ?? []) {
            const asset = bundle[file];
            if (asset?.type !== 'asset') continue;
            styles.push(String(asset.source));
            delete bundle[file];
          }
          chunk.viteMetadata?.importedCss.clear();
        }
        inlined = styles;
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace('</head>', `<style>${inlined.join('\n')}</style>\n  </head>`),
    },
  };
}

/**
 * Writes a Brotli and a gzip copy next to every text asset of the build, once, at their best compression: the
 * server sends the one the browser accepts (@fastify/static's preCompressed), never compressing per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'sideline-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: () => {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|svg|json|html)$/.test(file) || statSync(file).size < 1024) continue;
        const content = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

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
 * library along) nor the French and Bulgarian texts.
 */
const VIEW_MODULES =
  /apps[\\/]web[\\/]src[\\/](?!app[\\/]routes[\\/]|features[\\/](player|auth[\\/]components)[\\/]|features[\\/]auth[\\/]api[\\/]update-profile|locales[\\/].*[\\/](fr|bg)\.ts)/;

export default defineConfig({
  plugins: [react(), earlyStart(), inlineEntryCss(), precompress()],
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
            { name: 'shell', test: (id: string) => SHELL_MODULES.some((re) => re.test(id)), priority: 3 },
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
