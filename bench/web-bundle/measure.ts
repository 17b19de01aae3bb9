/**
 * The web app's first-load weight: the JS and CSS (gzip) a fan downloads to see the home route, against a bare
 * React + React Router page built the same way (Vite, the web app's build options, the same React and Router
 * from this workspace). Prints both and their ratio; the target is 1.3 or less (exit code 1 above it).
 *
 * Run: npm run web-bundle -w @sideline/bench
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, loadConfigFromFile, type Manifest } from 'vite';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '../..');
const WEB = path.join(REPO, 'apps/web');
const WEB_CONFIG = path.join(WEB, 'vite.config.ts');
/**
 * The home route's lazy modules: loaded at startup for `/` (the router preloads the route while startup runs, and
 * the route asks for its rails as it is evaluated), so both are the first load a fan waits for.
 */
const HOME_ROUTES = ['src/app/routes/home.tsx', 'src/app/routes/home-rails.tsx'];
/** What the entry imports as it starts, in chunks of their own (React DOM: src/app/react-root.ts): first load too. */
const START_CHUNKS = ['src/app/react-root.ts'];
const TARGET_RATIO = 1.3;

type Weight = { files: { file: string; gzip: number }[]; js: number; css: number; inline: number; total: number };

/** Every file a set of manifest entries loads at once: their chunks, static imports (recursively) and CSS. */
function filesOf(manifest: Manifest, entries: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const entry of entries) visit(entry);
  return files;
}

function weigh(outDir: string, entries: string[]): Weight {
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const files = [...filesOf(manifest, entries)].map((file) => ({
    file,
    gzip: gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length,
  }));
  const sum = (ext: string) => files.filter((f) => f.file.endsWith(ext)).reduce((n, f) => n + f.gzip, 0);
  // Code and styles the page carries itself (the app inlines its entry CSS and its early start): they count too.
  const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const inlined = [...html.matchAll(/<(style|script)(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/\1>/g)].map((m) => m[2]).join('');
  const inline = inlined ? gzipSync(inlined, { level: 9 }).length : 0;
  return { files, js: sum('.js'), css: sum('.css'), inline, total: sum('.js') + sum('.css') + inline };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'sideline-bundle-'));
  try {
    const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, WEB_CONFIG, WEB, 'silent');
    const buildOptions = loaded?.config.build ?? {};

    const appOut = path.join(work, 'app');
    await build({
      root: WEB,
      configFile: WEB_CONFIG,
      logLevel: 'warn',
      build: { outDir: appOut, emptyOutDir: true, manifest: true },
    });
    const bareOut = path.join(work, 'bare');
    await build({
      root: path.join(HERE, 'bare'),
      configFile: false,
      logLevel: 'warn',
      plugins: [react()],
      build: { ...buildOptions, outDir: bareOut, emptyOutDir: true, manifest: true },
    });

    const app = weigh(appOut, ['index.html', ...START_CHUNKS, ...HOME_ROUTES]);
    const bare = weigh(bareOut, ['index.html']);
    const ratio = app.total / bare.total;

    console.log('Home route, first load (gzip -9):');
    for (const f of app.files.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${f.file.padEnd(44)} ${kb(f.gzip)}`);
    const line = (w: Weight) => `JS ${kb(w.js)} + CSS ${kb(w.css)} + in the page ${kb(w.inline)} = ${kb(w.total)}`;
    console.log(`  web app:        ${line(app)}`);
    console.log(`  bare React+RR:  ${line(bare)}`);
    console.log(`  ratio:          ${ratio.toFixed(3)} (target <= ${TARGET_RATIO})`);

    const results = path.join(REPO, 'bench/results');
    mkdirSync(results, { recursive: true });
    writeFileSync(
      path.join(results, 'web-bundle.json'),
      `${JSON.stringify({ at: new Date().toISOString(), app, bare, ratio, target: TARGET_RATIO }, null, 2)}\n`,
    );
    if (ratio > TARGET_RATIO) {
      console.log('  OVER TARGET');
      process.exitCode = 1;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
