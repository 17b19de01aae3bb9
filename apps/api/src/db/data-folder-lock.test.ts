import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StartupError } from '../config/startup-checks';
import { LOCK_FILE, lockDataFolder } from './data-folder-lock';

describe('the data folder lock', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sideline-lock-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('holds the pid while taken, refuses a second taker, and is gone once released', async () => {
    const dataDir = path.join(dir, 'a');
    const lock = await lockDataFolder(dataDir);
    expect(await readFile(path.join(dataDir, LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`);
    await expect(lockDataFolder(dataDir)).rejects.toThrow(StartupError);
    await lock.release();
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    await (await lockDataFolder(dataDir)).release();
  });

  it('takes over a lock whose process is dead', async () => {
    const dataDir = path.join(dir, 'b');
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    const first = await lockDataFolder(dataDir);
    await first.release();
    await writeFile(path.join(dataDir, LOCK_FILE), `${dead}\n`);
    const lock = await lockDataFolder(dataDir);
    expect(await readFile(path.join(dataDir, LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`);
    await lock.release();
  });

  it('takes over a lock naming its own pid that it does not hold (a restarted container reuses pids)', async () => {
    const dataDir = path.join(dir, 'c');
    await (await lockDataFolder(dataDir)).release();
    await writeFile(path.join(dataDir, LOCK_FILE), `${process.pid}\n`);
    await (await lockDataFolder(dataDir)).release();
  });
});
