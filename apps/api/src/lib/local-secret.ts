import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A secret made once and kept in the data folder (mode 600), for the embedded single-machine mode. With several
 * processes the secret must come from the environment instead, so they all agree.
 */
export async function localSecret(dataDir: string, name: string): Promise<string> {
  const file = path.join(dataDir, 'secrets', name);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const secret = randomBytes(32).toString('base64url');
    await writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(async () => undefined);
    return (await readFile(file, 'utf8')).trim();
  }
}
