import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Request } from 'playwright-core';
import { REPO_ROOT } from './server';

/**
 * The packages of the code files a page requested, from the build's `.vite/chunk-packages.json`
 * (apps/web/build/chunk-packages.ts): what libraries the page loaded, whatever its chunks are named.
 */
export function packagesLoaded(requests: readonly Request[]): Set<string> {
  const byFile = packagesByFile();
  const loaded = new Set<string>();
  for (const request of requests) {
    const file = new URL(request.url()).pathname.slice(1);
    if (!file.endsWith('.js') || !file.startsWith('assets/')) continue;
    const packages = byFile[file];
    if (!packages) throw new Error(`${file} is not in the build's chunk list`);
    for (const name of packages) loaded.add(name);
  }
  return loaded;
}

/** The build's code files (`assets/…`) and the packages each holds. */
export function packagesByFile(): Record<string, string[]> {
  const dist = path.join(REPO_ROOT, 'apps/web/dist');
  return JSON.parse(readFileSync(path.join(dist, '.vite/chunk-packages.json'), 'utf8')) as Record<string, string[]>;
}
