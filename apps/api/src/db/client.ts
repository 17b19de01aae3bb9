import { mkdir } from 'node:fs/promises';
import type { PGlite as PGliteClient } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { MIGRATIONS_DIR } from '../config/paths';
import { createGuardedPglite, type StorageHealth } from './guarded-pglite';
import { assertPostgresRepaired } from './postgres-repair';
import { storageUnavailable } from './storage-errors';

/** The advisory lock migrations hold on PostgreSQL (any fixed number; ours spells "sideline"). */
const MIGRATION_LOCK_ID = 0x51de11e;

type StorageLog = { error(obj: object, msg: string): void; info(obj: object, msg: string): void };

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
  /** PGlite only: whether its storage takes writes (a failure turns every call into a 503 until it does again). */
  storage?(): StorageHealth;
};

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** `dir` undefined means in memory; `loadDataDir` starts from a dump (used by the tests' template). */
  | { kind: 'pglite'; dir?: string; loadDataDir?: Blob; log?: StorageLog };

/** Opens the embedded PGlite (default) or a PostgreSQL server. Drivers load lazily: each mode pays only for its own. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    // Fails closed: an unrepaired driver would crash the process at the first lost connection.
    assertPostgresRepaired();
    const [{ default: postgres }, { drizzle }, { migrate }] = await Promise.all([
      import('postgres'),
      import('drizzle-orm/postgres-js'),
      import('drizzle-orm/postgres-js/migrator'),
    ]);
    const sql = postgres(options.url, {
      max: options.poolSize ?? 10,
      onnotice: () => {},
      // A server that is down or stuck answers 503 in seconds rather than holding requests for minutes. Restarting
      // after a crash, PostgreSQL takes TCP connections before it answers them (seen: 5 s on a loaded machine), so
      // this bounds what a request waits then; a healthy server on the same network answers in milliseconds, and
      // the pool keeps its connections open, so it rarely dials at all.
      connect_timeout: 3,
      // Seconds before a pool connection that lost its server dials again. postgres.js's default grows with every
      // failed attempt of the pool (3^n/100 s, up to 20 s): during an outage under load it reaches 20 s within
      // seconds, and the requests queued on a connection wait out that delay before failing; after the server is
      // back the pool stays away just as long. Half a second at most keeps a 503 fast and the recovery prompt.
      backoff: (retries: number) => Math.min(0.02 * 2 ** retries, 0.5),
      connection: { statement_timeout: 30_000, idle_in_transaction_session_timeout: 60_000 },
    });
    const db = drizzle(sql, { casing: 'snake_case' });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      // Several processes may start at once (`npm run migrate` and servers): a session lock makes them take turns,
      // and each after the first finds nothing left to apply.
      async migrate() {
        const lock = await sql.reserve();
        try {
          await lock`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
          await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await lock`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`.catch(() => undefined);
          lock.release();
        }
      },
      close: () => sql.end({ timeout: 5 }),
    };
  }
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  if (options.dir) await mkdir(options.dir, { recursive: true });
  let load = options.loadDataDir;
  const guarded = createGuardedPglite({
    dir: options.dir,
    log: options.log,
    openPglite: async () => {
      const client = new PGlite({
        ...(options.dir ? { dataDir: options.dir } : {}),
        ...(load ? { loadDataDir: load } : {}),
      });
      // A reopened instance starts from the folder, never from the dump again.
      load = undefined;
      await client.waitReady;
      return client;
    },
  });
  await guarded.start();
  const db = drizzle({ client: guarded.client as unknown as PGliteClient, casing: 'snake_case' });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => guarded.close(),
    dump: async () => {
      const instance = guarded.instance();
      if (!instance) throw storageUnavailable();
      return instance.dumpDataDir('none');
    },
    storage: () => guarded.health(),
  };
}
