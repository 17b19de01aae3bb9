/**
 * Creates the demo channels. `--events N` sizes the `localhost` channel's schedule (e.g. 1000000 for scale
 * tests); `--reset` first deletes existing demo channels and everything that belongs to them.
 * Uses the same configuration as the server (DATA_DIR, DATABASE_URL).
 */
import { parseArgs } from 'node:util';
import { inArray } from 'drizzle-orm';
import { loadConfig } from '../config/env';
import { openAppDatabase } from '../db/open-app-database';
import { createPasswordHasher } from '../lib/password';
import { channels } from '../modules/channel/channel.table';
import { writeArtwork } from '../seed/artwork';
import { demoChannels } from '../seed/demo-channels';
import { seedAnchor } from '../seed/ensure-demo';
import { seedChannel } from '../seed/seed-channel';

const { values } = parseArgs({
  options: { events: { type: 'string' }, reset: { type: 'boolean', default: false } },
});
const config = loadConfig();
const events = values.events === undefined ? config.SEED_EVENTS : Number(values.events);
if (!Number.isInteger(events) || events < 0) {
  console.error('--events takes a whole number, e.g. --events 1000000');
  process.exit(2);
}

const database = await openAppDatabase(config);
try {
  const seeds = demoChannels({ events });
  const slugs = seeds.map((s) => s.slug);
  const existing = await database.db
    .select({ slug: channels.slug })
    .from(channels)
    .where(inArray(channels.slug, slugs));
  if (existing.length && !values.reset) {
    console.error(
      `The demo channels exist already (${existing.map((e) => e.slug).join(', ')}); pass --reset to recreate them.`,
    );
    process.exitCode = 2;
  } else {
    if (existing.length) await database.db.delete(channels).where(inArray(channels.slug, slugs));
    const anchor = seedAnchor();
    const hasher = createPasswordHasher({ cost: config.PASSWORD_HASH_COST });
    for (const seed of seeds) {
      const started = Date.now();
      const result = await seedChannel(database.db, seed, { anchor, hasher });
      await writeArtwork(seed, config.mediaDir);
      console.log(`${seed.slug}: ${result.events} events in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  }
} finally {
  await database.close();
}
