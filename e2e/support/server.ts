import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

export type RunningServer = {
  port: number;
  /** `http://localhost:<port>`: the English demo channel. */
  url: string;
  /** The URL of the same server for another demo host, e.g. `sofia.localhost`. */
  urlFor(host: string): string;
  dataDir: string;
  logs(): string;
  stop(): Promise<void>;
};

/** A port nothing listens on now (the server's own, or an encoder's RTMP port). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForReady(url: string, child: ChildProcess, logs: () => string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${logs()}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready after ${timeoutMs} ms:\n${logs()}`);
}

/** Starts the product the way the README does (`npm start`), on a free port with its own data folder. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? (await mkdtemp(path.join(tmpdir(), 'sideline-e2e-')));
  let output = '';
  const child = spawn('npm', ['start', '--silent'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The demo channels, as `npm run demo` starts them.
      SEED_DEMO: 'true',
      // Each server's own RTMP ingest (the demo's live games are pushed into it): servers side by side never share
      // the default port.
      RTMP_PORT: String(await freePort()),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const url = `http://localhost:${port}`;
  const stop = async () => {
    if (child.pid) {
      // The whole group, not only npm: npm can exit while the server it started is still closing its database
      // (and holding the data folder's lock), so a restart on the same folder would find it in use.
      const group = -child.pid;
      const groupAlive = () => {
        try {
          process.kill(group, 0);
          return true;
        } catch {
          return false;
        }
      };
      if (groupAlive()) process.kill(group, 'SIGTERM');
      for (const end = Date.now() + 10_000; groupAlive() && Date.now() < end; )
        await new Promise((r) => setTimeout(r, 50));
      if (groupAlive()) process.kill(group, 'SIGKILL');
    }
    if (!env.DATA_DIR) await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForReady(url, child, () => output, 120_000);
  } catch (err) {
    // A server that never got ready is stopped too, or it outlives the run (it is detached, in its own group).
    await stop();
    throw err;
  }
  return { port, url, urlFor: (host: string) => `http://${host}:${port}`, dataDir, logs: () => output, stop };
}
