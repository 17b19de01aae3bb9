import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client';
import { databaseUrl, withAdmin } from './databases';

export type DbKind = 'pglite' | 'postgres';

/** The database kinds this run covers: PGlite always, PostgreSQL when the server is reachable. */
export const dbKinds = (): DbKind[] => inject('databases');

/** A private copy of the seeded template database, dropped when closed. */
export async function openTestDatabase(kind: DbKind): Promise<Database> {
  if (kind === 'pglite') {
    const tar = await readFile(inject('pgliteTemplate'));
    return openDatabase({ kind: 'pglite', loadDataDir: new Blob([tar]) });
  }
  const template = inject('postgresTemplate');
  if (!template) throw new Error('PostgreSQL template missing');
  const admin = inject('postgresAdminUrl');
  const name = `sideline_t_${inject('runId')}_${randomBytes(4).toString('hex')}`;
  await withAdmin(admin, async (sql) => {
    // Concurrent copies of one template can collide for a moment; retry briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await sql.unsafe(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
        return;
      } catch (err) {
        if (attempt >= 10) throw err;
        await new Promise((r) => setTimeout(r, 200 + attempt * 100));
      }
    }
  });
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(admin, name), poolSize: 4 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await withAdmin(admin, (sql) => sql.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}
