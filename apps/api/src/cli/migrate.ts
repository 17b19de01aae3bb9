/**
 * Applies the committed migrations and exits: the deployment step before the servers start (`npm run migrate`).
 * On PostgreSQL several processes may run it at once (an advisory lock makes them take turns); with the embedded
 * database the data folder's lock refuses a second process (the running server applied them when it started).
 * A refusal is one line and exit code 1, as at the server's start, not a stack trace.
 */
import { ConfigError, loadConfig } from '../config/env';
import { StartupError } from '../config/startup-checks';
import { openAppDatabase } from '../db/open-app-database';

try {
  const config = loadConfig();
  const database = await openAppDatabase(config);
  await database.close();
  console.log(`migrations applied (${config.DATABASE_URL ? 'PostgreSQL' : `embedded, ${config.pgliteDir}`})`);
} catch (err) {
  if (!(err instanceof ConfigError || err instanceof StartupError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
}
