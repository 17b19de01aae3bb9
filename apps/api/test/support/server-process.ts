import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { API_ROOT } from '../../src/config/paths';
import { openDatabase } from '../../src/db/client';
import { freePort } from './free-port';

const SETPRIV = '/usr/bin/setpriv';

export { freePort } from './free-port';

/** A data folder holding the seeded template database, as a server has after its first start. */
export async function seededDataDir(prefix: string): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `sideline-${prefix}-`));
  const tar = await readFile(inject('pgliteTemplate'));
  const db = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'pglite'), loadDataDir: new Blob([tar]) });
  await db.close();
  return dataDir;
}

export type ServerProcess = {
  child: ChildProcess;
  /** Everything it printed so far. */
  output: () => string;
  /** Its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
};

/**
 * The real server (`src/server.ts`, as `npm start` runs it) as its own process, so a test can kill it as production
 * would be killed. PGlite in its data folder: a PostgreSQL URL of the test run is not passed on.
 */
export function spawnServer(env: Record<string, string>): ServerProcess {
  const { DATABASE_URL: _pglite, ...inherited } = process.env;
  // Tied to the test's worker by a parent-death signal (util-linux `setpriv`, which execs the server in its place): a
  // test that times out while the server starts, before it holds the handle to stop it, leaves nothing running.
  const command = [process.execPath, '--import', 'tsx', 'src/server.ts'];
  const tied = existsSync(SETPRIV);
  const child = spawn(
    tied ? SETPRIV : process.execPath,
    tied ? ['--pdeathsig', 'KILL', '--', ...command] : command.slice(1),
    {
      cwd: API_ROOT,
      env: { ...inherited, HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'true', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const collect = (d: Buffer) => {
    output += d;
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, output: () => output, exited };
}

export type RunningServer = ServerProcess & { url: string };

/** Starts the server on a data folder and a free port, and waits until it reports ready. */
export async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
  timeoutMs = 120_000,
): Promise<RunningServer> {
  const port = await freePort();
  const server = spawnServer({ DATA_DIR: dataDir, PORT: String(port), ...env });
  // The demo channel's host name: the server picks the channel by it.
  const url = `http://localhost:${port}`;
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (server.child.exitCode !== null)
      throw new Error(`server exited with ${server.child.exitCode}:\n${server.output()}`);
    if ((await fetch(`${url}/readyz`).catch(() => null))?.ok) return { ...server, url };
    if (Date.now() > end) {
      await stopServer(server, 'SIGKILL');
      throw new Error(`server not ready within ${timeoutMs} ms:\n${server.output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Sends a signal and waits for the process to be gone. */
export async function stopServer(server: ServerProcess, signal: NodeJS.Signals): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  await server.exited;
}
