import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { JobQueue } from '../jobs/queue';
import type { MediaPaths, MediaRepository } from '../modules/media';
import type { ChannelSeed } from './types';

export const vodKey = (slug: string, suffix: string) => `vod/${slug}-${suffix}`;
/** A library video's asset; `lib-` keeps it out of the games a finished event may play (`vod/<slug>-`). */
export const libraryKey = (slug: string, suffix: string) => `vod/lib-${slug}-${suffix}`;
/** Library videos are short clips, not games. */
const LIBRARY_S = 24;

const PREROLL_S = 6;

/** The scoreboard of the shared stand-in games: no team's name, so no game shows another's teams. */
export const STAND_IN = { away: 'Away', home: 'Home' } as const;

const PREROLLS = [
  { name: 'conference-promo', away: 'Sideline', home: 'Live sports', caption: 'Advertisement' },
  { name: 'tickets-promo', away: 'Tickets', home: 'On sale', caption: 'Advertisement' },
];

const ready = (p: string) =>
  stat(p).then(
    () => true,
    () => false,
  );

/**
 * Registers the demo channels' games and the prerolls as media assets and queues the packaging of any that is
 * not on disk yet. The server is ready at once; each asset becomes playable when its job ends.
 */
export async function ensureDemoMedia({
  seeds,
  repo,
  paths,
  jobs,
  gameSeconds,
}: {
  seeds: ChannelSeed[];
  /** Length of each demo game: long enough to seek, switch renditions and cut clips. */
  gameSeconds: number;
  repo: MediaRepository;
  paths: MediaPaths;
  jobs: JobQueue;
}): Promise<number> {
  const wanted = [
    ...seeds.flatMap((seed) => {
      const sportName = (alias: string) => seed.sports.find((s) => s.alias === alias)?.name ?? alias;
      return seed.vod.map((v, i) => ({
        key: vodKey(seed.slug, v.suffix),
        kind: 'vod' as const,
        title: `${sportName(v.sport)}: stand-in`,
        // Neutral labels: a stand-in plays for any game of its sport until that game has its own recording.
        game: {
          away: STAND_IN.away,
          home: STAND_IN.home,
          caption: sportName(v.sport),
          durationS: gameSeconds,
          seed: i + seed.slug.length,
        },
        mp4: true,
      }));
    }),
    ...seeds.flatMap((seed) =>
      seed.library.assets.map((a, i) => ({
        key: libraryKey(seed.slug, a.suffix),
        kind: 'vod' as const,
        title: `${seed.name}: ${a.caption}`,
        game: { away: a.away, home: a.home, caption: a.caption, durationS: LIBRARY_S, seed: 20 + i },
        mp4: false,
      })),
    ),
    ...PREROLLS.map((p, i) => ({
      key: `preroll/${p.name}`,
      kind: 'preroll' as const,
      title: p.name,
      game: { away: p.away, home: p.home, caption: p.caption, durationS: PREROLL_S, seed: 40 + i },
      mp4: false,
    })),
  ];
  let queued = 0;
  for (const asset of wanted) {
    const row = await repo.ensure(asset.key, asset.kind, asset.title);
    const onDisk = await ready(path.join(paths.hlsDir(asset.key), 'master.m3u8'));
    if (row.status === 'ready' && onDisk) continue;
    await repo.setStatus(asset.key, 'pending', { progress: 0 });
    await jobs.add({ name: 'media.package', data: { key: asset.key, game: asset.game, mp4: asset.mp4 } });
    queued++;
  }
  return queued;
}
