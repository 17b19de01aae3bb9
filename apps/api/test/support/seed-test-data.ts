import type { Db } from '../../src/db/client';
import { createPasswordHasher } from '../../src/lib/password';
import { demoChannels } from '../../src/seed/demo-channels';
import { seedChannel } from '../../src/seed/seed-channel';

/** The tests start from the same demo data a fresh install has: both channels, 240 events on `localhost`. */
export const TEST_EVENTS = 240;
/** Cheap password hashes keep the suites quick; production uses cost 15. */
export const TEST_PASSWORD_COST = 10;

export async function seedTestData(db: Db, anchor: Date) {
  for (const seed of demoChannels({ events: TEST_EVENTS }))
    await seedChannel(db, seed, { anchor, hasher: createPasswordHasher({ cost: TEST_PASSWORD_COST }) });
}
