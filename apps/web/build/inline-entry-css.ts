import type { Plugin } from 'vite';
import { chunksOf, importClosure } from './chunk-graph.ts';

/**
 * Puts the CSS of the entry and the chunks it imports into the page as <style>, instead of render-blocking
 * <link>s: a phone paints the splash without one more round trip. The files leave the bundle and the chunks'
 * CSS lists, so a lazy view's preload does not add them again behind the views' own styles.
 */
export function inlineEntryCss(): Plugin {
  let inlined: string[] = [];
  return {
    name: 'sideline-inline-entry-css',
    apply: 'build',
    generateBundle: {
      // Before Vite writes the page's links and the lazy imports' dependency lists from the chunks' CSS.
      order: 'pre',
      handler: (_options, bundle) => {
        const { chunks, byFile } = chunksOf(bundle);
        const entryFiles = importClosure(
          byFile,
          chunks.filter((c) => c.isEntry).map((c) => c.fileName),
        );
        const styles: string[] = [];
        for (const file of entryFiles) {
          const chunk = byFile.get(file);
          if (!chunk) continue;
          for (const css of chunk.viteMetadata?.importedCss ?? []) {
            const asset = bundle[css];
            if (asset?.type !== 'asset') continue;
            styles.push(String(asset.source));
            delete bundle[css];
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
