import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env';
import type { Db } from '../db/client';
import type { JobQueue } from '../jobs/queue';
import { createPasswordHasher } from '../lib/password';
import { channels } from '../modules/channel/channel.table';
import type { MediaPaths, MediaRepository } from '../modules/media';
import { writeArtwork } from './artwork';
import { demoChannels } from './demo-channels';
import { ensureDemoMedia } from './demo-media';
import { seedChannel } from './seed-channel';
import { ensureDemoFavorites } from './seed-demo-favorites';
import { ensureDemoMenu } from './seed-demo-menu';
import { ensureVodLibrary } from './seed-vod-library';

/** The hour the demo schedule is built around: now, rounded down, so a seed is reproducible within the hour. */
export const seedAnchor = (now = Date.now()) => new Date(Math.floor(now / 3_600_000) * 3_600_000);

type Log = Pick<FastifyBaseLogger, 'info'>;

/**
 * On first start, creates the demo channels; on every start, makes sure their generated artwork exists, and gives
 * a channel seeded by an older version what the demo has gained since (the video library, the fans' favorites, the
 * menu's entries for the library and Moments).
 */
export async function ensureDemo({
  db,
  config,
  log,
  media,
}: {
  db: Db;
  config: Pick<Config, 'SEED_EVENTS' | 'mediaDir' | 'PASSWORD_HASH_COST' | 'DEMO_MEDIA' | 'DEMO_GAME_S'>;
  log: Log;
  media: { repo: MediaRepository; paths: MediaPaths; jobs: JobQueue };
}) {
  const hasher = createPasswordHasher({ cost: config.PASSWORD_HASH_COST });
  const seeds = demoChannels({ events: config.SEED_EVENTS });
  const existing = await db
    .select({ slug: channels.slug })
    .from(channels)
    .where(
      inArray(
        channels.slug,
        seeds.map((s) => s.slug),
      ),
    );
  const have = new Set(existing.map((r) => r.slug));
  const anchor = seedAnchor();
  for (const seed of seeds) {
    if (!have.has(seed.slug)) {
      const started = Date.now();
      const result = await seedChannel(db, seed, { anchor, hasher });
      log.info({ channel: seed.slug, events: result.events, ms: Date.now() - started }, 'demo channel created');
    } else {
      if (await ensureVodLibrary(db, seed, anchor)) log.info({ channel: seed.slug }, 'demo video library added');
      const entries = await ensureDemoMenu(db, seed);
      if (entries) log.info({ channel: seed.slug, entries }, 'demo menu entries added');
      const fans = await ensureDemoFavorites(db, seed);
      if (fans) log.info({ channel: seed.slug, accounts: fans }, 'demo favorites added');
    }
    const written = await writeArtwork(seed, config.mediaDir);
    if (written) log.info({ channel: seed.slug, files: written }, 'demo artwork written');
  }
  if (config.DEMO_MEDIA) {
    const queued = await ensureDemoMedia({ seeds, ...media, gameSeconds: config.DEMO_GAME_S });
    if (queued) log.info({ assets: queued }, 'demo media queued for packaging');
  }
}
