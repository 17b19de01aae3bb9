import { mkdir } from 'node:fs/promises';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { MIGRATIONS_DIR } from '../config/paths';

/** The query builder the repositories use; the same on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations that have not run yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole database as a tarball, to start other instances from (the tests' template). */
  dump?(): Promise<Blob>;
};

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** `dir` undefined means in memory; `loadDataDir` starts from a dump (used by the tests' template). */
  | { kind: 'pglite'; dir?: string; loadDataDir?: Blob };

/** Opens the embedded PGlite (default) or a PostgreSQL server. Drivers load lazily: each mode pays only for its own. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const [{ default: postgres }, { drizzle }, { migrate }] = await Promise.all([
      import('postgres'),
      import('drizzle-orm/postgres-js'),
      import('drizzle-orm/postgres-js/migrator'),
    ]);
    const sql = postgres(options.url, { max: options.poolSize ?? 10, onnotice: () => {} });
    const db = drizzle(sql, { casing: 'snake_case' });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_DIR }),
      close: () => sql.end({ timeout: 5 }),
    };
  }
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  if (options.dir) await mkdir(options.dir, { recursive: true });
  const client = new PGlite({
    ...(options.dir ? { dataDir: options.dir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  await client.waitReady;
  const db = drizzle(client, { casing: 'snake_case' });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
    dump: async () => client.dumpDataDir('none'),
  };
}
