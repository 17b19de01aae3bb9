import type { Config } from '../config/env';
import { type Database, openDatabase } from './client';
import { lockDataFolder } from './data-folder-lock';
import { isConnectionLoss } from './storage-errors';

/** Storage faults are rare and must be seen: one line on stderr, whatever the log level. */
const storageLog = {
  error: (obj: { err?: unknown }, msg: string) =>
    console.error(`${msg}: ${(obj.err as Error | undefined)?.message ?? ''}`),
  info: (_obj: object, msg: string) => console.error(msg),
};

/**
 * The server's database: PostgreSQL when DATABASE_URL is set, PGlite in the data folder otherwise; migrated.
 * PGlite's folder is locked to this process first: a second process would corrupt it.
 */
export async function openAppDatabase(config: Config): Promise<Database> {
  if (config.DATABASE_URL) {
    const database = await openDatabase({
      kind: 'postgres',
      url: config.DATABASE_URL,
      poolSize: config.DATABASE_POOL_SIZE,
    });
    try {
      await migrateOnceReachable(database, config.DATABASE_START_WAIT_S * 1000);
    } catch (err) {
      await database.close().catch(() => undefined);
      throw err;
    }
    return database;
  }
  const lock = await lockDataFolder(config.dataDir);
  try {
    const database = await openDatabase({ kind: 'pglite', dir: config.pgliteDir, log: storageLog });
    await database.migrate();
    return {
      ...database,
      async close() {
        try {
          await database.close();
        } finally {
          await lock.release();
        }
      },
    };
  } catch (err) {
    await lock.release();
    throw err;
  }
}

/**
 * A server started with (or just before) its database, or while the database restarts, waits for it instead of
 * exiting: PostgreSQL refusing connections, still starting up, or too slow to answer within the connect timeout (a
 * lost connection, `isConnectionLoss`) is tried again until `waitMs` has passed. Any other error (a bad password, a
 * full disk, a failed migration) ends the start at once.
 */
async function migrateOnceReachable(database: Database, waitMs: number) {
  const until = Date.now() + waitMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await database.migrate();
    } catch (err) {
      if (!isConnectionLoss(err) || Date.now() >= until) throw err;
      console.error(`PostgreSQL not reachable yet (${(err as Error).message}); trying again (attempt ${attempt})`);
      await new Promise((r) => setTimeout(r, Math.min(1_000, Math.max(0, until - Date.now()))));
    }
  }
}
