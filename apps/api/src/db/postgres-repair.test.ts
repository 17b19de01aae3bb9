import { spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPostgresPackage, REPAIR_MARK, REPAIRED_FILES, REPAIRS } from '../../../../scripts/postgres-repair.mjs';
import { StartupError } from '../config/startup-checks';
import { assertPostgresRepaired } from './postgres-repair';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const installed = findPostgresPackage(import.meta.url) as string;

/** `npm ci`'s postinstall step, run on a copy of the driver. */
const install = (pkgDir: string) =>
  spawnSync(process.execPath, [path.join(root, 'scripts/patch-postgres.mjs'), pkgDir], { encoding: 'utf8' });

const refusal = (pkgDir: string) => {
  try {
    assertPostgresRepaired(pkgDir);
  } catch (err) {
    expect(err).toBeInstanceOf(StartupError);
    return (err as Error).message;
  }
  return undefined;
};

describe('the postgres.js repair fails closed', () => {
  let dir: string;
  let n = 0;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sideline-pg-repair-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** A copy of the installed driver's files as the release ships them (the repair undone), edited by `edit`. */
  async function releaseCopy(edit: (text: string) => string = (t) => t, version?: string) {
    const copy = path.join(dir, `postgres-${++n}`);
    const pkg = JSON.parse(await readFile(path.join(installed, 'package.json'), 'utf8'));
    await mkdir(copy);
    await writeFile(path.join(copy, 'package.json'), JSON.stringify({ ...pkg, version: version ?? pkg.version }));
    for (const file of REPAIRED_FILES) {
      await mkdir(path.dirname(path.join(copy, file)), { recursive: true });
      await cp(path.join(installed, file), path.join(copy, file));
      const text = REPAIRS.reduce(
        (t, [from, to]) => t.replace(to, from),
        await readFile(path.join(copy, file), 'utf8'),
      );
      expect(text).not.toContain(REPAIR_MARK);
      await writeFile(path.join(copy, file), edit(text));
    }
    return copy;
  }

  it('the installed driver is repaired, so the server may use it', () => {
    expect(refusal(installed)).toBeUndefined();
  });

  it('a start with an unrepaired driver (an install with --ignore-scripts) is refused with one line saying the fix', async () => {
    const message = refusal(await releaseCopy());
    expect(message).toMatch(
      /^Cannot use PostgreSQL: postgres\.js in .* is not repaired \(was the install run with --ignore-scripts\?\)/,
    );
    expect(message).toContain('node scripts/patch-postgres.mjs');
    expect(message).not.toContain('\n');
  });

  it('the install step repairs a released driver, idempotently, and the start then accepts it', async () => {
    const copy = await releaseCopy();
    expect(install(copy).status).toBe(0);
    const once = await readFile(path.join(copy, 'src/connection.js'), 'utf8');
    expect(once).toContain(REPAIR_MARK);
    expect(install(copy).status).toBe(0);
    expect(await readFile(path.join(copy, 'src/connection.js'), 'utf8')).toBe(once);
    expect(refusal(copy)).toBeUndefined();
  });

  it('a driver whose code moved fails the install with one line and is left untouched', async () => {
    const copy = await releaseCopy((t) => t.replace('const x = socket.write(chunk, fn)', 'const x = write(chunk, fn)'));
    const before = await readFile(path.join(copy, 'src/connection.js'), 'utf8');
    const run = install(copy);
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toMatch(/^patch-postgres: postgres\.js 3\.4\.9: src\/connection\.js does not read as/);
    expect(run.stderr.trim()).not.toContain('\n');
    expect(await readFile(path.join(copy, 'src/connection.js'), 'utf8')).toBe(before);
    expect(refusal(copy)).toMatch(/is not repaired/);
  });

  it('another driver version fails the install and is refused at start, until the repair is reviewed for it', async () => {
    const copy = await releaseCopy(undefined, '3.4.10');
    const run = install(copy);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("postgres.js 3.4.10 is installed but Sideline's repair is for 3.4.9 only");
    expect(refusal(copy)).toContain('postgres.js 3.4.10 is installed');
  });
});
