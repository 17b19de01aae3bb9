import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newFan } from '../support/fans';
import { parseMail } from '../support/outbox';
import { type RunningServer, seededDataDir, startServer, stopServer } from '../support/server-process';
import { API_ONLY_ENV } from '../support/system-suite';
import { HEARTLAND_KEY } from '../support/test-app';

/** No demo, no media, no encoder: only accounts and their mail. */
const CRASH_ENV = {
  ...API_ONLY_ENV,
  AUTH_RATE_LIMIT_MAX: '1000',
};

describe('mail across a crash of the server', () => {
  let dataDir: string;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    dataDir = await seededDataDir('crash');
  });
  afterAll(async () => {
    if (server) await stopServer(server, 'SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('sends every acknowledged sign-up mail after a kill -9, leaving no half-written file', {
    timeout: 60_000,
  }, async () => {
    server = await startServer(dataDir, CRASH_ENV);
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
          ...newFan(emails[i] as string),
        });
        return res.status;
      }),
    );
    // Killed right after the last answer: mail still in flight dies with the process.
    await stopServer(server, 'SIGKILL');
    expect(statuses).toEqual(emails.map(() => 201));

    // What a process killed while writing a message leaves behind (pid 2^22 + 1 is above Linux's maximum).
    const outbox = path.join(dataDir, 'outbox');
    await mkdir(outbox, { recursive: true });
    const partial = path.join(outbox, '.writing-4194305-0000000000000-00000001');
    await writeFile(partial, 'From: half a message\n');

    server = await startServer(dataDir, CRASH_ENV);
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

    await stopServer(server, 'SIGTERM');
  });
});
