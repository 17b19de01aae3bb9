import type { Config } from '../config/env';
import { type Database, openDatabase } from './client';

/** Storage faults are rare and must be seen: one line on stderr, whatever the log level. */
const storageLog = {
  error: (obj: { err?: unknown }, msg: string) =>
    console.error(`${msg}: ${(obj.err as Error | undefined)?.message ?? ''}`),
  info: (_obj: object, msg: string) => console.error(msg),
};

/** The server's database: PostgreSQL when DATABASE_URL is set, PGlite in the data folder otherwise; migrated. */
export async function openAppDatabase(config: Config): Promise<Database> {
  const database = config.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE })
    : await openDatabase({ kind: 'pglite', dir: config.pgliteDir, log: storageLog });
  await database.migrate();
  return database;
}
