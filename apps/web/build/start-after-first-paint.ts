import type { Plugin } from 'vite';
import { BOOT_GLOBAL } from '../src/lib/boot-object.ts';
import { preloadsBeyondEntry } from './chunk-graph.ts';

/**
 * How long the entry waits for a game's first frame after the first paint. 600 ms was enough on a fast machine;
 * on a slower one (Lighthouse's host index about 2,000) the frame came later, the app's evaluation took the main
 * thread first and the first frame came at 1.43 to 1.48 times the plain hls.js page's, against 1.25 to 1.28 with
 * 1.5 s (bench/README.md, 2026-11-27 fourth session). The app waits only while the stream is still coming: a
 * game with a preroll, or a stream that fails, releases it at once.
 */
const FIRST_FRAME_WAIT_MS = 1500;

/**
 * Runs the app's entry after the browser has painted the page once, so the splash (in the page itself) shows while
 * the app's code is evaluated; on a phone that evaluation is the longest task of the start. The download still
 * starts with the page (a modulepreload); the entry waits for one frame, or 100 ms in a hidden tab (no frames).
 * On a game's page it also waits, at most `FIRST_FRAME_WAIT_MS` more, for the early start to show the game's first
 * frame in the splash (the boot object's `entryHold`, early-start.js; src/lib/boot-object.ts): the app's evaluation would keep the page from painting it.
 * The server allows the inline script by its hash (apps/api/src/plugins/web.ts).
 */
export function startAfterFirstPaint(startChunks: readonly string[] = []): Plugin {
  return {
    name: 'sideline-start-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) =>
        html.replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (_, src: string) => {
          // The chunks the entry imports as it starts, with what they import and the entry does not: asked for with
          // the entry, so their download overlaps the entry's evaluation.
          const also = ctx.bundle ? preloadsBeyondEntry(ctx.bundle, startChunks, 'start-after-first-paint').js : [];
          // The start's other chunks are asked for as the entry joins the page, not with the page: on a game's page
          // that is after its first frame, so their download and compiling do not compete with the stream's start.
          const start = `(()=>{let s=0;const go=()=>{if(s)return;s=1;for(const h of ${JSON.stringify(also)}){const l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.append(l)}const e=document.createElement('script');e.type='module';e.crossOrigin='';e.src=${JSON.stringify(src)};document.head.append(e)};const hold=()=>Promise.race([window[${JSON.stringify(BOOT_GLOBAL)}]?.entryHold,new Promise((r)=>setTimeout(r,${FIRST_FRAME_WAIT_MS}))]).then(go);requestAnimationFrame(()=>setTimeout(hold));setTimeout(hold,100)})()`;
          return `<link rel="modulepreload" crossorigin href="${src}">\n    <script>${start}</script>`;
        }),
    },
  };
}
