import type { JobQueue } from '../../jobs/queue';
import type { Channel } from '../channel';
import type { EventRow } from '../events';
import type { MediaRepository } from './media.repository';

/** A finished game's own recording, drawn with its own teams: `vod/<slug>-e<event id>`. */
export const ownRecordingKey = (slug: string, eventId: number) => `vod/${slug}-e${eventId}`;
/** The channel's shared stand-in games (`vod/<slug>-<suffix>`), not a game's own recording. */
const isOwnRecording = (key: string) => /-e\d+$/.test(key);

/**
 * Which recording a finished game plays. The demo has one packaged stand-in per sport, drawn with neutral labels
 * (AWAY / HOME) so its scoreboard never names another game's teams. The first time a game is asked for, its own
 * recording (its teams burned in) is queued on the media lane, one job at a time as the demo's own packages; it plays
 * once ready, the stand-in until then. Only games fans actually play or download are packaged.
 */
export function createGameRecordings(deps: { media: MediaRepository; jobs: JobQueue; packageOwn: boolean }) {
  const { media } = deps;
  // An asset left pending before this process started has no job in this process's queue (it was handed back).
  const startedAt = new Date();

  /** The stand-in: the event's seeded package, else one of the channel's packaged games. */
  async function standInOf(channel: Channel, event: EventRow): Promise<string | null> {
    if (event.mediaKey?.startsWith('vod/')) return event.mediaKey;
    const games = (await media.byPrefix(`vod/${channel.slug}-`)).filter(
      (a) => a.status === 'ready' && !isOwnRecording(a.key),
    );
    return games.length ? (games[event.id % games.length]?.key ?? null) : null;
  }

  async function queueOwn(key: string, event: EventRow, durationS: number) {
    const teams = await media.teamNames(event.homeTeamId, event.awayTeamId);
    const caption = await media.sportName(event.eventCategoryId);
    if (!(await media.claimPackaging(key, `${teams.away} @ ${teams.home}`, startedAt))) return;
    await deps.jobs.add({
      name: 'media.package',
      data: { key, game: { ...teams, caption, durationS, seed: event.id }, mp4: true },
    });
  }

  return {
    async keyOf(channel: Channel, event: EventRow): Promise<string | null> {
      const own = ownRecordingKey(channel.slug, event.id);
      const mine = await media.byKey(own);
      if (mine?.status === 'ready') return own;
      const standIn = await standInOf(channel, event);
      if (!deps.packageOwn || !standIn || mine?.status === 'processing' || mine?.status === 'failed') return standIn;
      const asset = await media.byKey(standIn);
      // As long as the stand-in, so a game plays as long in either; queued after the answer is decided.
      if (asset?.status === 'ready' && asset.durationS) await queueOwn(own, event, asset.durationS);
      return standIn;
    },
  };
}
export type GameRecordings = ReturnType<typeof createGameRecordings>;
