import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { API_ROOT } from '../../src/config/paths';
import { openDatabase } from '../../src/db/client';
import { parseMail } from '../support/outbox';
import { HEARTLAND_KEY } from '../support/test-app';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

type Server = { child: ChildProcess; url: string; logs: () => string };

/** The real server (`src/server.ts`) as its own process on a data folder, so it can be killed like in production. */
async function startServer(dataDir: string): Promise<Server> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: 'false',
      DEMO_MEDIA: 'false',
      LIVE_SIMULATOR: 'false',
      EVENT_STATUS_SWEEP_MS: '0',
      PASSWORD_HASH_COST: '10',
      AUTH_RATE_LIMIT_MAX: '1000',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const url = `http://localhost:${port}`;
  await vi.waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
    },
    { timeout: 25_000, interval: 100 },
  );
  return { child, url, logs: () => output };
}

async function kill(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await exited;
}

describe('mail across a crash of the server', () => {
  let dataDir: string;
  let server: Server | undefined;
  beforeAll(async () => {
    // A data folder holding the seeded template, as a server has after its first start.
    dataDir = await mkdtemp(path.join(tmpdir(), 'sideline-crash-'));
    const tar = await readFile(inject('pgliteTemplate'));
    const db = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'pglite'), loadDataDir: new Blob([tar]) });
    await db.close();
  });
  afterAll(async () => {
    if (server) await kill(server.child, 'SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('sends every acknowledged sign-up mail after a kill -9, leaving no half-written file', {
    timeout: 60_000,
  }, async () => {
    server = await startServer(dataDir);
    const { url } = server;
    const post = (route: string, body: object) =>
      fetch(`${url}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const keys = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const res = await post('/api/get_api_key', { channel_key: HEARTLAND_KEY });
        return ((await res.json()) as { data: { api_key: string } }).data.api_key;
      }),
    );
    const emails = keys.map((_, i) => `crash${i}@example.org`);
    const statuses = await Promise.all(
      keys.map(async (api_key, i) => {
        const res = await post('/api/v2/auth/register', {
          api_key,
          first_name: 'Cy',
          last_name: 'Crash',
          email: emails[i],
          password: 'correct horse 1',
          password_confirmation: 'correct horse 1',
          terms_accepted: true,
        });
        return res.status;
      }),
    );
    // Killed right after the last answer: mail still in flight dies with the process.
    await kill(server.child, 'SIGKILL');
    expect(statuses).toEqual(emails.map(() => 201));

    // What a process killed while writing a message leaves behind (pid 2^22 + 1 is above Linux's maximum).
    const outbox = path.join(dataDir, 'outbox');
    await mkdir(outbox, { recursive: true });
    const partial = path.join(outbox, '.writing-4194305-0000000000000-00000001');
    await writeFile(partial, 'From: half a message\n');

    server = await startServer(dataDir);
    const complete = async () => {
      const files = (await readdir(outbox)).filter((f) => f.endsWith('.eml'));
      return Promise.all(files.map(async (f) => parseMail(await readFile(path.join(outbox, f)))));
    };
    await vi.waitFor(
      async () => {
        const to = (await complete()).map((m) => m.to);
        for (const email of emails) expect(to).toContain(email);
      },
      { timeout: 15_000, interval: 100 },
    );
    const mails = await complete();
    // Each acknowledged sign-up got its verification mail once, whole, with its link.
    expect(mails.map((m) => m.to).sort()).toEqual([...emails].sort());
    for (const mail of mails) expect(mail.link).toMatch(/\/verify-email\?token=[\w-]+$/);
    expect((await readdir(outbox)).filter((f) => !f.endsWith('.eml'))).toEqual([]);

    await kill(server.child, 'SIGTERM');
  });
});
