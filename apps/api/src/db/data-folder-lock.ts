import { readFileSync, unlinkSync } from 'node:fs';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { StartupError } from '../config/startup-checks';

export const LOCK_FILE = 'sideline.lock';

export type DataFolderLock = { file: string; release(): Promise<void> };

/** Lock files this process holds: a file naming our pid that is not here was left by an earlier process. */
const held = new Set<string>();

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const holderOf = async (file: string) => {
  const pid = Number.parseInt(await readFile(file, 'utf8').catch(() => ''), 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
};

/**
 * Only one process may use an embedded database: two PGlite instances on one folder corrupt it. The lock is a
 * file created exclusively (O_EXCL) holding the owner's pid; a lock whose pid is dead (kill -9, power loss) is
 * taken over at once, so a restart after a crash needs no clean-up. See docs/decisions/0007-data-folder-lock.md.
 */
export async function lockDataFolder(dataDir: string): Promise<DataFolderLock> {
  const file = path.join(dataDir, LOCK_FILE);
  await mkdir(dataDir, { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await writeFile(file, `${process.pid}\n`, { flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = await holderOf(file);
      if (held.has(file)) throw new StartupError(`The data folder ${dataDir} is already open in this process`);
      // Our own pid in a lock we do not hold: a restarted container reuses pids; that lock is stale.
      if (holder !== null && holder !== process.pid && isAlive(holder)) {
        throw new StartupError(
          `The data folder ${dataDir} is in use by another Sideline process (pid ${holder}): stop it or set DATA_DIR`,
        );
      }
      // Stale (its owner is gone) or half-written by an owner that died while writing it.
      await unlink(file).catch(() => undefined);
      continue;
    }
    // Two processes taking over the same stale lock at once: the one whose pid is in the file wins.
    if ((await holderOf(file)) !== process.pid) continue;
    const releaseSync = () => {
      try {
        if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
      } catch {
        // already gone
      }
    };
    held.add(file);
    process.once('exit', releaseSync);
    return {
      file,
      async release() {
        process.removeListener('exit', releaseSync);
        held.delete(file);
        releaseSync();
      },
    };
  }
  throw new StartupError(`Could not take the lock of the data folder ${dataDir}: try again`);
}

/** The pid of another live process holding the data folder's lock (a running server), or null when none does. */
export async function lockHolderOf(dataDir: string): Promise<number | null> {
  const holder = await holderOf(path.join(dataDir, LOCK_FILE));
  return holder !== null && holder !== process.pid && isAlive(holder) ? holder : null;
}
