import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { seedAnchor } from '../src/seed/ensure-demo';
import { databaseUrl, POSTGRES_ADMIN_URL, postgresReachable, withAdmin } from './support/databases';
import { seedTestData } from './support/seed-test-data';

export type DbKind = 'pglite' | 'postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    databases: DbKind[];
    pgliteTemplate: string;
    postgresTemplate: string | null;
    postgresAdminUrl: string;
    runId: string;
    seedAnchor: number;
  }
}

const runId = `${process.pid}_${Date.now().toString(36)}`;
let postgresTemplate: string | null = null;

/**
 * Builds each database once, migrated and seeded with the demo data, as a template every test file copies:
 * a PGlite dump (loaded in about a second) and a PostgreSQL template database (CREATE DATABASE … TEMPLATE).
 */
export async function setup(project: TestProject) {
  const anchor = seedAnchor();
  const pglite = await openDatabase({ kind: 'pglite' });
  await pglite.migrate();
  await seedTestData(pglite.db, anchor);
  if (!pglite.dump) throw new Error('PGlite database without dump');
  const dump = await pglite.dump();
  const pgliteTemplate = path.join(tmpdir(), `sideline-pglite-${runId}.tar`);
  await writeFile(pgliteTemplate, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();

  const databases: DbKind[] = ['pglite'];
  const required = process.env.REQUIRE_POSTGRES === '1';
  if (await postgresReachable()) {
    postgresTemplate = `sideline_tpl_${runId}`;
    await withAdmin(POSTGRES_ADMIN_URL, (sql) => sql.unsafe(`CREATE DATABASE "${postgresTemplate}"`));
    const pg = await openDatabase({
      kind: 'postgres',
      url: databaseUrl(POSTGRES_ADMIN_URL, postgresTemplate),
      poolSize: 2,
    });
    await pg.migrate();
    await seedTestData(pg.db, anchor);
    await pg.close();
    databases.push('postgres');
  } else if (required) {
    throw new Error(`REQUIRE_POSTGRES=1 but PostgreSQL is not reachable at ${POSTGRES_ADMIN_URL}`);
  } else {
    console.warn(`PostgreSQL not reachable at ${POSTGRES_ADMIN_URL}: API suites run on PGlite only.`);
  }
  project.provide('databases', databases);
  project.provide('pgliteTemplate', pgliteTemplate);
  project.provide('postgresTemplate', postgresTemplate);
  project.provide('postgresAdminUrl', POSTGRES_ADMIN_URL);
  project.provide('runId', runId);
  project.provide('seedAnchor', anchor.getTime());
}

export async function teardown() {
  if (!postgresTemplate) return;
  await withAdmin(POSTGRES_ADMIN_URL, async (sql) => {
    const leftovers = await sql<{ datname: string }[]>`
      select datname from pg_database where datname like ${`sideline_t_${runId}%`} or datname = ${postgresTemplate}`;
    for (const { datname } of leftovers) await sql.unsafe(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
}
