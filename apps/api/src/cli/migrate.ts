/**
 * Applies the committed migrations and exits: the deployment step before the servers start (`npm run migrate`).
 * On PostgreSQL several processes may run it at once (an advisory lock makes them take turns); with the embedded
 * database the data folder's lock refuses a second process.
 */
import { loadConfig } from '../config/env';
import { openAppDatabase } from '../db/open-app-database';

const config = loadConfig();
const database = await openAppDatabase(config);
await database.close();
console.log(`migrations applied (${config.DATABASE_URL ? 'PostgreSQL' : `embedded, ${config.pgliteDir}`})`);
