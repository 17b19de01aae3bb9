import { randomBytes } from 'node:crypto';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';

/** A start-up problem the operator can fix; the server prints its message, one line, and exits with code 1. */
export class StartupError extends Error {}

const reason = (err: unknown) => {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EROFS') return 'read-only file system';
  if (code === 'ENOTDIR') return 'a part of the path is a file, not a folder';
  if (code === 'ENOSPC') return 'no space left on the device';
  return code ?? String(err);
};

/**
 * The data folder and the folders in it the server writes must take a new file. A real write, not access(2):
 * access says yes to root on an immutable (`chattr +i`) folder, and the write is what fails later.
 */
export async function checkDataFolderWritable(dataDir: string, subfolders: string[] = []) {
  try {
    await mkdir(dataDir, { recursive: true });
  } catch (err) {
    throw new StartupError(`Cannot create the data folder ${dataDir} (DATA_DIR): ${reason(err)}`);
  }
  for (const dir of [dataDir, ...subfolders]) {
    const exists = await stat(dir).then(
      (s) => s.isDirectory(),
      () => false,
    );
    if (!exists) continue;
    const probe = path.join(dir, `.write-check-${process.pid}-${randomBytes(4).toString('hex')}`);
    try {
      await writeFile(probe, '');
    } catch (err) {
      throw new StartupError(`Cannot write to the data folder ${dir} (DATA_DIR): ${reason(err)}`);
    }
    await rm(probe, { force: true });
  }
}

/**
 * Binds the address the server will listen on and lets it go again, so a taken port is reported at once rather
 * than after the database has opened and migrated.
 */
export async function checkPortFree(host: string, port: number) {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => reject(portError(err, host, port)));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** The one line for a failed listen, from the probe or from the server itself. */
export function portError(err: NodeJS.ErrnoException, host: string, port: number): Error {
  if (err.code === 'EADDRINUSE') {
    return new StartupError(`Port ${port} on ${host} is already in use: stop the other server or set PORT`);
  }
  if (err.code === 'EACCES') return new StartupError(`No permission to listen on port ${port} on ${host}: set PORT`);
  if (err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND') {
    return new StartupError(`Cannot listen on ${host}: no such local address (HOST)`);
  }
  return err;
}
