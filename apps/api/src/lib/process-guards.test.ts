import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { isKnownHarmlessRejection } from './process-guards';

const coded = (code: string, message = code, cause?: unknown) =>
  Object.assign(new Error(message, cause === undefined ? {} : { cause }), { code, errno: code });

/**
 * The error postgres.js itself rejects a query with when its server closes the connection (not a hand-made one): a
 * stand-in server says "authenticated, ready", then hangs up on the first query.
 */
async function driverConnectionClosed(): Promise<unknown> {
  const server = createServer((socket) => {
    let started = false;
    socket.on('data', () => {
      if (started) return socket.destroy();
      started = true;
      // AuthenticationOk ('R', length 8, 0), then ReadyForQuery ('Z', length 5, idle).
      socket.write(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0, 0x5a, 0, 0, 0, 5, 0x49]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const sql = postgres({ host: '127.0.0.1', port, max: 1, fetch_types: false, connect_timeout: 2, onnotice: () => {} });
  try {
    return await sql`select 1`.then(
      () => undefined,
      (err: unknown) => err,
    );
  } finally {
    await sql.end({ timeout: 0 });
    server.close();
  }
}

describe('the unhandled-rejection guard', () => {
  it('lets through only the driver rejecting a query after its connection closed', async () => {
    const real = await driverConnectionClosed();
    expect((real as { code?: string }).code).toBe('CONNECTION_CLOSED');
    expect(isKnownHarmlessRejection(real)).toBe(true);
  });

  it('treats every other rejection as a defect, lost connections of other kinds included', () => {
    // The same loss, but wrapped by drizzle: a promise of ours that nobody awaited.
    const wrapped = new Error('Failed query: update orders …', { cause: coded('CONNECTION_CLOSED') });
    for (const reason of [
      wrapped,
      coded('CONNECTION_CLOSED', 'CONNECTION_CLOSED'),
      coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      coded('57P01', 'terminating connection due to administrator command'),
      coded('23505', 'duplicate key value violates unique constraint'),
      new TypeError("Cannot read properties of null (reading 'write')"),
      'CONNECTION_CLOSED',
      undefined,
    ]) {
      expect(isKnownHarmlessRejection(reason)).toBe(false);
    }
  });

  /** A process with the guard installed that leaves `rejection` (JavaScript) unhandled, then ends normally. */
  const runWith = (rejection: string) =>
    spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `const { guardUnhandledRejections } = await import(${JSON.stringify(fileURLToPath(new URL('./process-guards.ts', import.meta.url)))});
         guardUnhandledRejections({ warn: (_o, msg) => console.error('WARN', msg), error: (_o, msg) => console.error('ERROR', msg) });
         Promise.reject(${rejection});
         setTimeout(() => console.error('still running'), 300);`,
      ],
      { encoding: 'utf8', timeout: 20_000 },
    );

  it('a real unawaited bug still ends the process loudly, with a non-zero exit code', () => {
    const run = runWith(`new TypeError('orders is not iterable')`);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('ERROR an unhandled promise rejection (a defect): the process stops');
    expect(run.stderr).toContain('orders is not iterable');
    expect(run.stderr).not.toContain('still running');
  });

  it('the known-harmless rejection is logged as a warning and the process carries on', () => {
    const run = runWith(
      `Object.assign(new Error('write CONNECTION_CLOSED 127.0.0.1:5432'), { code: 'CONNECTION_CLOSED', errno: 'CONNECTION_CLOSED' })`,
    );
    expect(run.status).toBe(0);
    expect(run.stderr).toContain('WARN a database call failed after its caller had gone');
    expect(run.stderr).toContain('still running');
  });
});
