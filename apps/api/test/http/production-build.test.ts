import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API_ROOT, MIGRATIONS_DIR } from '../../src/config/paths';
import { databaseUrl, withAdmin } from '../support/databases';
import { freePort } from '../support/server-process';

const run = (args: string[], env: Record<string, string>) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, args, { cwd: API_ROOT, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('exit', (code) => resolve({ code, output }));
  });

/**
 * The production build (`npm run build -w @sideline/api`): the bundled server starts with `node`, seeds nothing
 * unless asked (the demo command asks), and stops cleanly; migrations run as their own step, safely in parallel.
 */
describe('the production build', () => {
  beforeAll(() => {
    const built = spawnSync(process.execPath, ['build.mjs'], { cwd: API_ROOT, encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
  }, 120_000);

  describe('node dist/server.js', () => {
    let dataDir: string;
    let child: ChildProcess;
    let url: string;
    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'sideline-prod-'));
      const port = await freePort();
      url = `http://localhost:${port}`;
      const { DATABASE_URL: _none, SEED_DEMO: _seed, ...inherited } = process.env;
      child = spawn(process.execPath, ['dist/server.js'], {
        cwd: API_ROOT,
        env: { ...inherited, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
        stdio: 'ignore',
      });
      for (let until = Date.now() + 60_000; !(await fetch(`${url}/readyz`).catch(() => null))?.ok; ) {
        if (Date.now() > until || child.exitCode !== null) throw new Error('the built server did not start');
        await new Promise((r) => setTimeout(r, 200));
      }
    }, 90_000);
    afterAll(async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    });

    it('serves, with no demo channel in a production start', async () => {
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
      const channel = await fetch(`${url}/channel.json`);
      expect(channel.status).toBe(404);
    });

    it('stops on SIGTERM with exit code 0', async () => {
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    });
  });

  it('`migrate` run by three processes at once on one PostgreSQL database applies each migration once', async () => {
    if (!inject('databases').includes('postgres')) return expect(inject('databases')).toEqual(['pglite']);
    const admin = inject('postgresAdminUrl');
    const name = `sideline_migrate_${Date.now()}`;
    await withAdmin(admin, (sql) => sql.unsafe(`CREATE DATABASE "${name}"`));
    try {
      const env = { DATABASE_URL: databaseUrl(admin, name) };
      const results = await Promise.all([1, 2, 3].map(() => run(['dist/cli/migrate.js'], env)));
      for (const r of results) expect(r.code, r.output).toBe(0);
      const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql'));
      const applied = await withAdmin(databaseUrl(admin, name), (sql) =>
        sql.unsafe('select count(*)::int as n from drizzle.__drizzle_migrations'),
      );
      expect(applied[0]?.n).toBe(files.length);
    } finally {
      await withAdmin(admin, (sql) => sql.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    }
  }, 120_000);
});
