import type { Plugin } from 'vite';
import { chunksOf } from './chunk-graph.ts';

/** The package a module id belongs to (`@scope/name` or `name`), or null for the app's own modules. */
export function packageOf(id: string): string | null {
  // The last node_modules of the path: a package's own dependencies are packages of their own.
  const match = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/](?!.*node_modules)/.exec(id);
  return match?.[1]?.replace('\\', '/') ?? null;
}

/**
 * Writes `.vite/chunk-packages.json`: for each code file, the packages whose modules it holds. The browser tests
 * read it to check which libraries a page loads (no schema library on the home page, say), whatever the chunks are
 * called. Not served: the server does not serve dot folders.
 */
export function chunkPackages(): Plugin {
  return {
    name: 'sideline-chunk-packages',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const packages: Record<string, string[]> = {};
        for (const chunk of chunksOf(bundle).chunks) {
          const names = new Set(chunk.moduleIds.map(packageOf).filter((p): p is string => p !== null));
          packages[chunk.fileName] = [...names].sort();
        }
        // Code a page loads as a file of its own, not a module (hls.js's worker, `?url`): its package by its source.
        for (const file of Object.values(bundle)) {
          if (file.type !== 'asset' || !file.fileName.endsWith('.js')) continue;
          const names = new Set(file.originalFileNames.map(packageOf).filter((p): p is string => p !== null));
          packages[file.fileName] = [...names].sort();
        }
        this.emitFile({
          type: 'asset',
          fileName: '.vite/chunk-packages.json',
          source: `${JSON.stringify(packages, null, 1)}\n`,
        });
      },
    },
  };
}
