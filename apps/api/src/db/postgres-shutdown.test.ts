import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * PostgreSQL shutting down (pg_ctl -m fast) sends every backend FATAL 57P01. When that reaches a connection whose
 * first statement, the driver's own catalog query for array types, is still running, postgres.js 3.4.9 leaves the
 * rejection unhandled (porsager/postgres#1192) and the API process ends mid-outage. The repair
 * (scripts/postgres-repair.mjs) catches it. A stand-in server plays that shutdown: "authenticated, ready", then FATAL
 * 57P01 and a hang-up on the first query. Run in a process of its own, so the rejection is seen as Node sees it.
 */
const SCRIPT = `
import { createServer } from 'node:net';
import postgres from 'postgres';
process.on('unhandledRejection', (r) => console.log('UNHANDLED', r?.code));
const field = (t, s) => Buffer.from(t + s + '\\0');
const body = Buffer.concat([field('S', 'FATAL'), field('V', 'FATAL'), field('C', '57P01'),
  field('M', 'terminating connection due to administrator command'), Buffer.from([0])]);
const len = Buffer.alloc(4);
len.writeInt32BE(body.length + 4);
const fatal = Buffer.concat([Buffer.from('E'), len, body]);
const server = createServer((socket) => {
  let started = false;
  socket.on('error', () => {});
  socket.on('data', () => {
    if (started) return socket.end(fatal);
    started = true;
    // AuthenticationOk ('R', length 8, 0), then ReadyForQuery ('Z', length 5, idle).
    socket.write(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0, 0x5a, 0, 0, 0, 5, 0x49]));
  });
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const sql = postgres({ host: '127.0.0.1', port: server.address().port, max: 1, connect_timeout: 2, onnotice: () => {} });
const outcome = await Promise.race([
  sql\`select 1\`.then(() => 'answered', (e) => 'rejected ' + e.code),
  new Promise((r) => setTimeout(() => r('hung'), 5000)),
]);
console.log('query', outcome);
await sql.end({ timeout: 0 });
server.close();
setTimeout(() => process.exit(0), 300);
`;

describe('postgres.js while PostgreSQL shuts down', () => {
  it("a shutdown during a new connection's catalog query fails the caller's query and leaves no unhandled rejection", () => {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', SCRIPT], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('query rejected 57P01');
    expect(run.stdout).not.toContain('UNHANDLED');
  });
});
