import type { Plugin, Rollup } from 'vite';

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
