import type { Plugin } from 'vite';

/**
 * Runs the app's entry after the browser has painted the page once, so the splash (in the page itself) shows while
 * the app's code is evaluated; on a phone that evaluation is the longest task of the start. The download still
 * starts with the page (a modulepreload); the entry waits for one frame, or 100 ms in a hidden tab (no frames).
 * On a game's page it also waits, at most 600 ms more, for the early start to show the game's first frame in the
 * splash (`__sidelineHold`, early-start.js): the app's evaluation would keep the page from painting it.
 * The server allows the inline script by its hash (apps/api/src/plugins/web.ts).
 */
export function startAfterFirstPaint(): Plugin {
  return {
    name: 'sideline-start-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (_, src: string) => {
          const start = `(()=>{let s=0;const go=()=>{if(s)return;s=1;const e=document.createElement('script');e.type='module';e.crossOrigin='';e.src=${JSON.stringify(src)};document.head.append(e)};const hold=()=>Promise.race([window.__sidelineHold,new Promise((r)=>setTimeout(r,600))]).then(go);requestAnimationFrame(()=>setTimeout(hold));setTimeout(hold,100)})()`;
          return `<link rel="modulepreload" crossorigin href="${src}">\n    <script>${start}</script>`;
        }),
    },
  };
}
