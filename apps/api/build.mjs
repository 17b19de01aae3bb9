/**
 * The production build: the server and its command-line tools bundled to JavaScript in `dist/` with esbuild, the
 * contract's TypeScript compiled in; every npm dependency stays an import, installed by `npm ci --omit=dev`.
 * `npm start` runs `node dist/server.js`.
 */
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@sideline/'));

await build({
  entryPoints: [
    'src/server.ts',
    'src/cli/migrate.ts',
    'src/cli/seed.ts',
    'src/cli/create-user.ts',
    'src/cli/refund.ts',
  ],
  outdir: 'dist',
  outbase: 'src',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  external,
  sourcemap: true,
  logLevel: 'warning',
  // Bundled CommonJS dependencies of the contract (none today) would need `require`.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
process.stdout.write('built apps/api/dist\n');
