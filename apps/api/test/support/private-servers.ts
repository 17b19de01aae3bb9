import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { freePort } from './free-port';

/**
 * PostgreSQL and Redis servers of one test file, on their own ports and folders, that the test may stop and start
 * again: the machine's shared servers serve other suites running at the same time and must never be stopped.
 */

/**
 * Where PostgreSQL's server programs (initdb, postgres) are: PG_BINDIR if set, else what `pg_config --bindir` says,
 * else the newest version under Debian's /usr/lib/postgresql (pg_config comes with libpq-dev, which a server-only
 * machine may lack).
 */
export function postgresBinDir(): string {
  if (process.env.PG_BINDIR) return process.env.PG_BINDIR;
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
    if (existsSync(path.join(dir, 'initdb'))) return dir;
  } catch {
    // no pg_config on this machine
  }
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return path.join(root, versions[0], 'bin');
  throw new Error('PostgreSQL server programs not found: install postgresql, or set PG_BINDIR to their folder');
}

/** A child process that can be stopped and waited for. */
type Child = { process: ChildProcess; exited: Promise<void>; output: () => string };

function spawnChild(command: string, args: string[]): Child {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (d: Buffer) => {
    output += d;
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return { process: child, exited, output: () => output };
}

async function stopChild(child: Child | undefined, signal: NodeJS.Signals) {
  if (!child || child.process.exitCode !== null || child.process.signalCode !== null) return;
  child.process.kill(signal);
  await child.exited;
}

async function poll(what: string, ok: () => Promise<boolean>, timeoutMs: number, output: () => string) {
  const end = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`${what} not ready within ${timeoutMs} ms:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export type PrivatePostgres = {
  url: string;
  /** `fast` disconnects clients and shuts down cleanly (pg_ctl -m fast); `immediate` is a crash (-m immediate). */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  /** Starts again on the same data folder and port (if stopped), and waits until it takes connections. */
  start(): Promise<void>;
  /** Stops it for good and removes its folder. */
  destroy(): Promise<void>;
};

/**
 * A PostgreSQL cluster of its own (initdb, trust auth), run as the `postgres` user (the server refuses root) and as
 * a direct child of this process, so the signals pg_ctl would send reach it and nothing outlives the test.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const binDir = postgresBinDir();
  const dir = await mkdtemp(path.join(tmpdir(), 'sideline-pg-'));
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
  await chown(dir, uid, gid);
  const dataDir = path.join(dir, 'data');
  const asPostgres = ['--reuid=postgres', '--regid=postgres', '--init-groups', '--'];
  execFileSync(
    'setpriv',
    [...asPostgres, path.join(binDir, 'initdb'), '-D', dataDir, '-A', 'trust', '-U', 'postgres', '-N'],
    {
      stdio: 'pipe',
    },
  );
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let child: Child | undefined;

  const reachable = async () => {
    const sql = postgres(url, { max: 1, connect_timeout: 1, onnotice: () => {} });
    try {
      await sql`select 1`;
      return true;
    } catch {
      return false;
    } finally {
      await sql.end({ timeout: 1 });
    }
  };
  const start = async () => {
    if (child && child.process.exitCode === null && child.process.signalCode === null) return;
    child = spawnChild('setpriv', [
      ...asPostgres,
      path.join(binDir, 'postgres'),
      '-D',
      dataDir,
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      // No durability shortcuts (fsync stays on): a crash must keep every committed write.
      '-c',
      'max_connections=50',
    ]);
    const current = child;
    await poll('PostgreSQL', reachable, 30_000, () => current.output());
  };
  // postgres: SIGINT is a fast shutdown, SIGQUIT an immediate one (no checkpoint; recovery replays the WAL).
  const stop = (mode: 'fast' | 'immediate') => stopChild(child, mode === 'fast' ? 'SIGINT' : 'SIGQUIT');
  try {
    await start();
  } catch (err) {
    await stopChild(child, 'SIGQUIT');
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url,
    stop,
    start,
    async destroy() {
      await stopChild(child, 'SIGQUIT');
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export type PrivateRedis = {
  url: string;
  /** Kills it (SIGKILL: a crash; nothing is saved, as with `--save ""`). */
  stop(): Promise<void>;
  /** Starts an empty one again on the same port. */
  start(): Promise<void>;
  destroy(): Promise<void>;
};

/** A redis-server of its own, without persistence: a restart comes back empty. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const dir = await mkdtemp(path.join(tmpdir(), 'sideline-redis-'));
  let child: Child | undefined;
  const start = async () => {
    child = spawnChild('redis-server', [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--daemonize',
      'no',
      '--dir',
      dir,
    ]);
    const current = child;
    await poll('Redis', async () => current.output().includes('Ready to accept connections'), 10_000, current.output);
  };
  const stop = () => stopChild(child, 'SIGKILL');
  try {
    await start();
  } catch (err) {
    await stop();
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop,
    start,
    async destroy() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
