import type { Plugin } from 'vite';

/**
 * Runs the app's entry after the browser has painted the page once, so the splash (in the page itself) shows while
 * the app's code is evaluated; on a phone that evaluation is the longest task of the start. The download still
 * starts with the page (a modulepreload); the entry waits for one frame, or 100 ms in a hidden tab (no frames).
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
          const start = `(()=>{let s=0;const go=()=>{if(s)return;s=1;const e=document.createElement('script');e.type='module';e.crossOrigin='';e.src=${JSON.stringify(src)};document.head.append(e)};requestAnimationFrame(()=>setTimeout(go));setTimeout(go,100)})()`;
          return `<link rel="modulepreload" crossorigin href="${src}">\n    <script>${start}</script>`;
        }),
    },
  };
}
