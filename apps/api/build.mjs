/**
 * The production build: the server and its command-line tools bundled to JavaScript in `dist/` with esbuild, the
 * contract's TypeScript compiled in; every npm dependency stays an import, installed by `npm ci --omit=dev`.
 * `npm start` runs `node dist/server.js`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@sideline/'));

// Each operator command (src/cli/commands/<name>.ts, a `defineCommand`) gets its entry `dist/cli/<name>.js`, made here:
// adding a command needs no entry file of its own.
const commands = readdirSync('src/cli/commands')
  .filter(
    (file) => file.endsWith('.ts') && readFileSync(`src/cli/commands/${file}`, 'utf8').includes('defineCommand({'),
  )
  .map((file) => file.slice(0, -'.ts'.length));
const commandEntries = {
  name: 'command-entries',
  setup(b) {
    b.onResolve({ filter: /^command-entry:/ }, (args) => ({
      path: args.path.slice('command-entry:'.length),
      namespace: 'command-entry',
    }));
    b.onLoad({ filter: /.*/, namespace: 'command-entry' }, (args) => ({
      resolveDir: 'src/cli',
      loader: 'ts',
      contents: `import { runCli } from './commands/run-cli';
runCli(${JSON.stringify(args.path)}, process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
`,
    }));
  },
};

await build({
  entryPoints: [
    'src/server.ts',
    'src/cli/migrate.ts',
    ...commands.map((name) => ({ in: `command-entry:${name}`, out: `cli/${name}` })),
  ],
  plugins: [commandEntries],
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
