/**
 * What a fan's browser really fetches on a first visit, page by page: every script and style file the built app
 * requests until the network settles (static imports, lazy routes, texts, the player), with its gzip and brotli
 * weight. `measure.ts` weighs the home route from the build manifest alone; this one also sees the chunks a page
 * imports dynamically while it starts, so a change of chunking or of text loading shows up here.
 *
 * Run: npx tsx bench/web-bundle/page-loads.ts [--dist apps/web/dist] [--lang en]
 * (builds nothing: build the web app and the API first).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { launchBrowser, newContext } from '../../e2e/support/browser';
import { REPO_ROOT, startServer } from '../../e2e/support/server';
import { getJson, guestKey } from '../watch-support';

const option = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? (process.argv[at + 1] ?? fallback) : fallback;
};

type Load = { file: string; gzip: number; brotli: number };

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

function weigh(dist: string, file: string): Load {
  const body = readFileSync(path.join(dist, file));
  return {
    file,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

async function main() {
  const dist = path.resolve(REPO_ROOT, option('dist', 'apps/web/dist'));
  const lang = option('lang', 'en');
  const server = await startServer({ WEB_DIST_DIR: dist });
  const browser = await launchBrowser();
  try {
    const key = await guestKey(server.url);
    const events = await getJson<{ data: { id: number; type: string }[] }>(
      `${server.url}/api/events?limit=50&api_key=${key}`,
    );
    const game = events.data.find((e) => e.type === 'free') ?? events.data[0];
    const pages = { home: '/', schedule: '/schedule', game: `/watch/${game?.id}` };

    for (const [name, pathname] of Object.entries(pages)) {
      const context = await newContext(browser);
      if (lang !== 'en') await context.addInitScript(`localStorage.setItem('sideline:language', '${lang}')`);
      const page = await context.newPage();
      const files: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (/\.(js|css)$/.test(url.pathname) && url.pathname.startsWith('/assets/')) files.push(url.pathname.slice(1));
      });
      await page.goto(`${server.url}${pathname}`, { waitUntil: 'networkidle' });
      // Settled: no new file for 1.5 s (network idle alone can come between the early start and the router).
      for (let seen = -1; seen !== files.length; ) {
        seen = files.length;
        await page.waitForTimeout(1500);
      }
      const loads = files.map((file) => weigh(dist, file));
      const sum = (pick: (l: Load) => number, ext: string) =>
        loads.filter((l) => l.file.endsWith(ext)).reduce((n, l) => n + pick(l), 0);
      console.log(`\n${name} (${pathname}, ${lang}): ${loads.filter((l) => l.file.endsWith('.js')).length} JS files`);
      for (const l of loads) console.log(`  ${l.file.padEnd(48)} gzip ${kb(l.gzip).padStart(9)}  br ${kb(l.brotli)}`);
      console.log(
        `  JS total: gzip ${kb(sum((l) => l.gzip, '.js'))}, brotli ${kb(sum((l) => l.brotli, '.js'))}; ` +
          `CSS gzip ${kb(sum((l) => l.gzip, '.css'))}`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
