import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API_ROOT } from '../../src/config/paths';
import { openDatabase } from '../../src/db/client';
import { createPasswordHasher } from '../../src/lib/password';
import { users } from '../../src/modules/auth/users.table';

const run = promisify(execFile);

describe('create-user CLI', () => {
  let dataDir: string;
  beforeAll(async () => {
    // A data folder holding a copy of the seeded template, as a server would have after first start.
    dataDir = await mkdtemp(path.join(tmpdir(), 'sideline-cli-'));
    const tar = await readFile(inject('pgliteTemplate'));
    const db = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'pglite'), loadDataDir: new Blob([tar]) });
    await db.close();
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const cli = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'src/cli/command.ts', 'create-user', ...args], {
      cwd: API_ROOT,
      env: { ...process.env, DATA_DIR: dataDir, PASSWORD_HASH_COST: '10' },
    });

  it('creates a verified account whose temporary password must be changed', { timeout: 90_000 }, async () => {
    const { stdout } = await cli(
      '--channel',
      'heartland',
      '--email',
      'Temp@Example.org',
      '--first-name',
      'Tia',
      '--temporary-password',
    );
    const password = stdout.match(/Temporary password: (\S+)/)?.[1];
    expect(password).toBeDefined();

    const database = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'pglite') });
    try {
      const [row] = await database.db.select().from(users).where(eq(users.email, 'temp@example.org'));
      expect(row).toMatchObject({ temporaryPassword: true, firstName: 'Tia' });
      expect(row?.emailVerifiedAt).not.toBeNull();
      expect(await createPasswordHasher().verify(password ?? '', row?.passwordHash ?? '')).toBe(true);
    } finally {
      await database.close();
    }
    await expect(
      cli('--channel', 'heartland', '--email', 'temp@example.org', '--first-name', 'Tia', '--temporary-password'),
    ).rejects.toThrow(/already has an account/);
  });
});
