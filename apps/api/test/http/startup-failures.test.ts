import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../src/db/data-folder-lock';
import { freePort, spawnServer } from '../support/server-process';

type Exit = { code: number | null; output: string; ms: number };

/** Starts the server the way `npm start` does and waits for it to give up (or kills it after `limitMs`). */
async function startServer(env: Record<string, string>, limitMs = 30_000): Promise<Exit> {
  const started = Date.now();
  const server = spawnServer({ SEED_DEMO: 'false', DEMO_MEDIA: 'false', LIVE_SIMULATOR: 'false', ...env });
  const timer = setTimeout(() => server.child.kill('SIGKILL'), limitMs);
  const code = await server.exited;
  clearTimeout(timer);
  return { code, output: server.output(), ms: Date.now() - started };
}

/** Exit code 1 and one line that says what is wrong, no stack. */
function expectOneClearLine(exit: Exit, line: RegExp) {
  expect(exit.code, exit.output).toBe(1);
  const lines = exit.output.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(line);
  expect(exit.output).not.toMatch(/\n\s+at /);
}

describe('start-up failures', () => {
  let dir: string;
  let taken: Server | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sideline-startup-'));
  });
  afterEach(async () => {
    if (taken) await new Promise((r) => taken?.close(r));
    taken = undefined;
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('says the port is taken, at once, before opening the database', { timeout: 60_000 }, async () => {
    taken = createServer();
    const port = await freePort();
    await new Promise<void>((r) => taken?.listen(port, '127.0.0.1', r));
    const dataDir = path.join(dir, 'port');
    const exit = await startServer({ DATA_DIR: dataDir, PORT: String(port) });
    expectOneClearLine(exit, new RegExp(`^Port ${port} on 127\\.0\\.0\\.1 is already in use`));
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('says the data folder cannot be written', { timeout: 60_000 }, async () => {
    // A path under a regular file: refused for every user, root included (chmod does not stop root).
    const file = path.join(dir, 'a-file');
    await writeFile(file, '');
    const exit = await startServer({ DATA_DIR: path.join(file, 'data'), PORT: String(await freePort()) });
    expectOneClearLine(
      exit,
      /^Cannot create the data folder .*a-file\/data \(DATA_DIR\): a part of the path is a file/,
    );
  });

  it('refuses a data folder another live process holds, naming its pid', { timeout: 60_000 }, async () => {
    const dataDir = path.join(dir, 'locked');
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      await mkdir(dataDir, { recursive: true });
      await writeFile(path.join(dataDir, LOCK_FILE), `${holder.pid}\n`);
      const exit = await startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
      expectOneClearLine(exit, new RegExp(`is in use by another Sideline process \\(pid ${holder.pid}\\)`));
      expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    } finally {
      holder.kill('SIGKILL');
    }
  });
});
