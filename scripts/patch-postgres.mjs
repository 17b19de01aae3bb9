// Repairs a crash in postgres.js 3.4.9 (the PostgreSQL driver) when its server goes away under load; run by
// `npm install`/`npm ci` (root postinstall). Idempotent; plain Node, no dependencies (it also runs with --omit=dev).
//
// The defect (porsager/postgres#1154 and #1208, fixes proposed in #1168, #1176 and #1209, none released yet): writes
// under 1 KiB wait for a setImmediate; when the connection closes first, `closed()` sets `socket = null`, and the
// pending write, or one a transaction makes after the close (its ROLLBACK), calls `socket.write` on null. That
// throws from a timer callback, out of reach of any try/catch: the uncaught exception ends the API process. Our
// PostgreSQL restart test (apps/api/test/http/postgres-restart.test.ts) hits it within seconds. The teardown paths
// also cancel the pending write without forgetting it, so the next connection on that slot would start with the old
// bytes in its buffer, or never flush again.
//
// The repair: a write with no socket rejects its queries with CONNECTION_CLOSED (the API answers 503) instead of
// throwing, and teardown forgets the buffered bytes. When a release fixes it upstream the anchors below no longer
// match: this script says so and changes nothing; then delete it and the postinstall entry.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MARK = '/* sideline: socket-null guard */';
const root = path.dirname(fileURLToPath(import.meta.url));
let pkgDir;
try {
  const require = createRequire(path.join(root, '..', 'apps', 'api', 'package.json'));
  // postgres.js exports no package.json: walk up from its entry point to the package folder.
  pkgDir = path.dirname(require.resolve('postgres'));
  const isPackage = (dir) =>
    existsSync(path.join(dir, 'package.json')) &&
    JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).name === 'postgres';
  while (!isPackage(pkgDir)) {
    if (path.dirname(pkgDir) === pkgDir) throw new Error('postgres.js package folder not found');
    pkgDir = path.dirname(pkgDir);
  }
} catch {
  // Not installed (e.g. a partial install): nothing to repair.
  process.exit(0);
}

const replacements = [
  [
    '  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)',
    `  function nextWrite(fn) {\n    ${MARK}\n    if (!socket) {\n      nextWriteTimer !== null && clearImmediate(nextWriteTimer)\n      chunk = nextWriteTimer = null\n      error(Errors.connection('CONNECTION_CLOSED', options))\n      return false\n    }\n    const x = socket.write(chunk, fn)`,
  ],
  [
    '    clearImmediate(nextWriteTimer)\n    if (socket) {',
    '    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n    if (socket) {',
  ],
  [
    '    incomings = null\n    clearImmediate(nextWriteTimer)\n    socket.removeListener',
    '    incomings = null\n    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n    socket.removeListener',
  ],
];

for (const file of ['src/connection.js', 'cjs/src/connection.js']) {
  const full = path.join(pkgDir, file);
  let text = readFileSync(full, 'utf8');
  if (text.includes(MARK)) continue;
  const missing = replacements.filter(([from]) => !text.includes(from));
  if (missing.length) {
    console.warn(
      `patch-postgres: ${file} of postgres.js changed (upstream fix?); not patched. See scripts/patch-postgres.mjs`,
    );
    continue;
  }
  for (const [from, to] of replacements) text = text.replace(from, to);
  writeFileSync(full, text);
}
