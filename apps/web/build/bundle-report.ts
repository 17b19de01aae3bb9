import type { Plugin } from 'vite';

/** With BUNDLE_REPORT=chunk-name: the largest modules of that chunk, by rendered size (a diagnostic). */
export function bundleReport(): Plugin {
  return {
    name: 'sideline-bundle-report',
    apply: 'build',
    generateBundle: (_options, bundle) => {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.name.startsWith(process.env.BUNDLE_REPORT ?? '')) continue;
        const rows = Object.entries(chunk.modules)
          .map(
            ([id, m]) =>
              [m.renderedLength, id.replace(/.*node_modules[\\/]/, '').replace(/.*apps[\\/]web[\\/]/, '')] as const,
          )
          .sort((a, b) => b[0] - a[0]);
        process.stdout.write(`\n${chunk.fileName}: ${chunk.code.length} bytes\n`);
        for (const [size, id] of rows.slice(0, 40)) process.stdout.write(`${String(size).padStart(8)} ${id}\n`);
      }
    },
  };
}
