import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root, found from this file so the server behaves the same whatever the working directory: the
 * nearest folder above holding `apps/api/package.json` (this file runs from `src/config` under tsx and from
 * `dist` once built).
 */
function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'apps', 'api', 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no repository root above ${from}`);
  }
}

export const REPO_ROOT = findRepoRoot(fileURLToPath(new URL('.', import.meta.url)));
export const API_ROOT = path.join(REPO_ROOT, 'apps/api');
export const MIGRATIONS_DIR = path.join(API_ROOT, 'migrations');
export const WEB_DIST_DIR = path.join(REPO_ROOT, 'apps/web/dist');
