// The repair of postgres.js that docs/decisions/0012 explains, shared by the install step (scripts/patch-postgres.mjs)
// and the server's start-up check (apps/api/src/db/postgres-repair.ts), so both agree on what "repaired" means.
// Plain Node, no dependencies: it runs at `npm ci --omit=dev` too.
//
// The defect (porsager/postgres#1154 and #1208, fixes proposed in #1168, #1176 and #1209, none released yet): writes
// under 1 KiB wait for a setImmediate; when the connection closes first, `closed()` sets `socket = null`, and the
// pending write, or one a transaction makes after the close (its ROLLBACK), calls `socket.write` on null. That
// throws from a timer callback, out of reach of any try/catch: the uncaught exception ends the API process. The
// teardown paths also cancel the pending write without forgetting it, so the next connection on that slot would
// start with the old bytes in its buffer, or never flush again.
//
// A second defect (porsager/postgres#1192, open): a new connection's first statement is the driver's own catalog
// query for array types (`fetchArrayTypes`), whose promise `ReadyForQuery` discards. When PostgreSQL shuts down or
// crashes while that query runs ("terminating connection due to administrator command", 57P01), the rejection has
// no handler: an unhandled rejection, which ends the API process (src/lib/process-guards.ts) in the middle of an
// outage it should answer with 503s. Seen in CI in test/http/postgres-restart.test.ts.
//
// The repair: a write with no socket rejects its queries with CONNECTION_CLOSED (the API answers 503) instead of
// throwing, and teardown forgets the buffered bytes. The catalog query's failure is caught: the connection's own
// error path already fails the caller's query, and that connection goes on without array parsers (drizzle parses
// array columns from their text form; the next connection fetches the types again). It is written against one exact release, pinned in
// apps/api/package.json: any other version fails the install until someone checks whether it still needs the repair.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The release the anchors below were written against; apps/api/package.json pins it exactly. */
export const PINNED_VERSION = '3.4.9';
/** Written into each repaired file: what the start-up check looks for. */
export const REPAIR_MARK = '/* sideline: socket-null guard, array-types catch */';
/** The two builds of the driver: `import` loads src/, `require` loads cjs/. Both are repaired. */
export const REPAIRED_FILES = ['src/connection.js', 'cjs/src/connection.js'];

/** [text in the release, text after the repair]. */
export const REPAIRS = [
  [
    '  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)',
    `  function nextWrite(fn) {\n    ${REPAIR_MARK}\n    if (!socket) {\n      nextWriteTimer !== null && clearImmediate(nextWriteTimer)\n      chunk = nextWriteTimer = null\n      error(Errors.connection('CONNECTION_CLOSED', options))\n      return false\n    }\n    const x = socket.write(chunk, fn)`,
  ],
  [
    '    clearImmediate(nextWriteTimer)\n    if (socket) {',
    '    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n    if (socket) {',
  ],
  [
    '    incomings = null\n    clearImmediate(nextWriteTimer)\n    socket.removeListener',
    '    incomings = null\n    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n    socket.removeListener',
  ],
  [
    '        return fetchArrayTypes()\n',
    '        return fetchArrayTypes().catch(() => { /* sideline: its caller fails through the connection */ })\n',
  ],
];

const HELP = 'see docs/decisions/0012-postgres-driver-repair.md';

/** The postgres.js package folder as seen from `fromFile`, or undefined when it is not installed. */
export function findPostgresPackage(fromFile) {
  let dir;
  try {
    // postgres.js exports no package.json: walk up from its entry point to the package folder.
    dir = path.dirname(createRequire(fromFile).resolve('postgres'));
  } catch {
    return undefined;
  }
  const isPackage = (d) =>
    existsSync(path.join(d, 'package.json')) &&
    JSON.parse(readFileSync(path.join(d, 'package.json'), 'utf8')).name === 'postgres';
  while (!isPackage(dir)) {
    if (path.dirname(dir) === dir) return undefined;
    dir = path.dirname(dir);
  }
  return dir;
}

const versionOf = (pkgDir) => JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8')).version;

/** What is wrong with the driver in `pkgDir`, as one line for an operator, or undefined when it is repaired. */
export function repairProblem(pkgDir) {
  const version = versionOf(pkgDir);
  if (version !== PINNED_VERSION) {
    return `postgres.js ${version} is installed but Sideline's repair is for ${PINNED_VERSION} only (${HELP})`;
  }
  const unrepaired = REPAIRED_FILES.filter(
    (file) => !readFileSync(path.join(pkgDir, file), 'utf8').includes(REPAIR_MARK),
  );
  if (unrepaired.length) {
    return `postgres.js in ${pkgDir} is not repaired (was the install run with --ignore-scripts?): run \`node scripts/patch-postgres.mjs\` or \`npm ci\` (${HELP})`;
  }
  return undefined;
}

/** Repairs the driver in `pkgDir` (idempotent). Returns undefined when done, else the one line saying why not. */
export function applyRepair(pkgDir) {
  const version = versionOf(pkgDir);
  if (version !== PINNED_VERSION) return repairProblem(pkgDir);
  const texts = new Map();
  for (const file of REPAIRED_FILES) {
    const text = readFileSync(path.join(pkgDir, file), 'utf8');
    if (text.includes(REPAIR_MARK)) continue;
    const missing = REPAIRS.filter(([from]) => !text.includes(from));
    if (missing.length) {
      return `postgres.js ${version}: ${file} does not read as the release the repair was written for (${missing.length} of ${REPAIRS.length} anchors missing); not repaired (${HELP})`;
    }
    texts.set(
      file,
      REPAIRS.reduce((t, [from, to]) => t.replace(from, to), text),
    );
  }
  // Files are written only once every one of them has matched: never half a repair.
  for (const [file, text] of texts) writeFileSync(path.join(pkgDir, file), text);
  return undefined;
}
