import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { BOOT_GLOBAL } from '../src/lib/boot-object.ts';
import { preloadsBeyondEntry } from './chunk-graph.ts';
import { EARLY_ROUTES, earlyRoutePatterns } from './early-routes.ts';

/** For each early route: its chunks and their CSS, beyond what the entry itself loads, as page addresses. */
function routePreloads(bundle: Rollup.OutputBundle): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(EARLY_ROUTES).map(([name, { modules }]) => {
      const { js, css } = preloadsBeyondEntry(bundle, modules, 'early-start');
      return [name, [...js, ...css]];
    }),
  );
}

/** The chunk that starts a stream early (features/player/hooks/warm-stream.ts), as a page address. */
function warmStreamChunk(bundle: Rollup.OutputBundle): string {
  const chunk = Object.values(bundle).find(
    (c): c is Rollup.OutputChunk => c.type === 'chunk' && c.moduleIds.some((id) => id.endsWith('warm-stream.ts')),
  );
  return chunk ? `/${chunk.fileName}` : '';
}

/** The worker that loads the browser's date and number data for the page (early-start.js), a file of its own. */
const INTL_WORKER_NAME = 'intl-warm-up.js';
const INTL_WORKER_SOURCE =
  "new Intl.DateTimeFormat('en',{hour:'numeric',timeZoneName:'short'}).format(0);" +
  "new Intl.NumberFormat('en').format(1);postMessage(0);\n";

/** The worker's page address in the build (empty in development: no worker there). */
function intlWorkerFile(bundle: Rollup.OutputBundle | undefined): string {
  const file = bundle && Object.values(bundle).find((f) => f.type === 'asset' && f.names.includes(INTL_WORKER_NAME));
  return file ? `/${file.fileName}` : '';
}

/** early-start.js as the page carries it: comments and indentation are for readers of the file, not bytes of every page. */
export function earlyStartSource(): string {
  return readFileSync(path.join(import.meta.dirname, '../early-start.js'), 'utf8')
    .replace(/^\s*(\/\/.*|\/?\*.*)$/gm, '')
    .replace(/\n\s*/g, '\n')
    .trim();
}

/**
 * Inlines early-start.js into the page (see that file), with the files of its early routes. The server allows
 * it by its hash (apps/api/src/plugins/web.ts).
 */
export function earlyStart(): Plugin {
  const source = earlyStartSource();
  let building = false;
  return {
    name: 'sideline-early-start',
    configResolved(config) {
      building = config.command === 'build';
    },
    buildStart() {
      if (!building) return;
      this.emitFile({ type: 'asset', name: INTL_WORKER_NAME, source: INTL_WORKER_SOURCE });
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) =>
        html
          // The server turns it into a preload of the stream's code on a game's page (apps/api/src/plugins/web.ts).
          .replace(
            '<!--sideline-game-code-->',
            `<!--sideline-game-code:${ctx.bundle ? warmStreamChunk(ctx.bundle) : ''}-->`,
          )
          .replace(
            '<!--sideline-early-->',
            `<script>${source
              .replaceAll('__BOOT_GLOBAL__', () => JSON.stringify(BOOT_GLOBAL))
              .replace('__ROUTE_PATTERNS__', () => JSON.stringify(earlyRoutePatterns()))
              .replace('__ROUTE_PRELOADS__', () => JSON.stringify(ctx.bundle ? routePreloads(ctx.bundle) : {}))
              .replace('__WARM_STREAM__', () => JSON.stringify(ctx.bundle ? warmStreamChunk(ctx.bundle) : ''))
              .replace('__INTL_WORKER__', () => JSON.stringify(intlWorkerFile(ctx.bundle)))}</script>`,
          ),
    },
  };
}
