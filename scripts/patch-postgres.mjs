// Repairs postgres.js at `npm install`/`npm ci` (root postinstall), or by hand: `node scripts/patch-postgres.mjs`.
// Why, and what it changes: scripts/postgres-repair.mjs and docs/decisions/0012. It fails the install (exit code 1,
// one line) when the installed driver is not the release the repair was written for, so a changed driver is never
// shipped unrepaired; a server started without the repair (`npm ci --ignore-scripts`) refuses to use PostgreSQL.
// An optional argument names the package folder to repair (the tests use a copy).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyRepair, findPostgresPackage } from './postgres-repair.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkgDir = process.argv[2] ?? findPostgresPackage(path.join(root, 'apps', 'api', 'package.json'));
// Not installed (a partial install without the API): nothing to repair, and nothing that could use it.
if (!pkgDir) process.exit(0);
const problem = applyRepair(pkgDir);
if (problem) {
  console.error(`patch-postgres: ${problem}`);
  process.exit(1);
}
