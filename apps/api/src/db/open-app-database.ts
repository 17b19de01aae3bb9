import type { Config } from '../config/env';
import { type Database, openDatabase } from './client';
import { lockDataFolder } from './data-folder-lock';

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
    await database.migrate();
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
