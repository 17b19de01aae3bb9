import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, found from this file so the server behaves the same whatever the working directory. */
export const REPO_ROOT = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');
export const API_ROOT = path.join(REPO_ROOT, 'apps/api');
export const MIGRATIONS_DIR = path.join(API_ROOT, 'migrations');
export const WEB_DIST_DIR = path.join(REPO_ROOT, 'apps/web/dist');
