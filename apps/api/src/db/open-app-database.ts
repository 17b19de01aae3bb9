import type { Config } from '../config/env';
import { type Database, openDatabase } from './client';
import { lockDataFolder } from './data-folder-lock';

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
    const database = await openDatabase({ kind: 'pglite', dir: config.pgliteDir });
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
