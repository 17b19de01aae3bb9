import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Writes a Brotli and a gzip copy next to every text asset of the build, once, at their best compression: the
 * server sends the one the browser accepts (@fastify/static's preCompressed), never compressing per request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  let written = false;
  return {
    name: 'sideline-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
      written = false;
    },
    // A failed build closes too, without writing: its own error is the one to see, and an older build's files stay.
    writeBundle: () => {
      written = true;
    },
    closeBundle: () => {
      if (!written) return;
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
