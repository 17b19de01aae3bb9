import type { FastifyBaseLogger } from 'fastify';
import type { DemoGame } from './ffmpeg/demo-game';
import type { LiveEncoder } from './live-simulator';

/** How long an encoder keeps running after the last request for its feed. */
const DEMAND_GRACE_MS = 5 * 60_000;

/**
 * Runs a live feed's encoder while someone asked for it recently, so an idle server costs no CPU and a busy one
 * runs at most `maxEncoders` (the least recently asked-for stops first). Expired feeds stop at each check
 * (after the status sweep); playlist fetches keep a watched feed's demand fresh.
 */
export function createLiveController({
  createEncoder,
  maxEncoders,
  log,
  graceMs = DEMAND_GRACE_MS,
}: {
  createEncoder: (key: string, game: DemoGame) => LiveEncoder;
  maxEncoders: number;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  graceMs?: number;
}) {
  const feeds = new Map<string, { encoder: LiveEncoder; demandedAt: number }>();
  let closed = false;

  function stopFeed(key: string, why: string) {
    const feed = feeds.get(key);
    if (!feed) return Promise.resolve();
    feeds.delete(key);
    log.info({ asset: key, why }, 'stopping live encoder');
    return feed.encoder.stop().catch((err) => log.error({ err, asset: key }, 'live encoder stop failed'));
  }

  return {
    /** A viewer asked for a live feed: run its encoder (making room under the cap) and keep it running a while. */
    demand(key: string, game: DemoGame): LiveEncoder | null {
      if (closed) return null;
      let feed = feeds.get(key);
      if (!feed) {
        const byAge = [...feeds.entries()].sort((a, b) => a[1].demandedAt - b[1].demandedAt);
        for (const [oldest] of byAge.slice(0, Math.max(0, feeds.size - maxEncoders + 1))) {
          void stopFeed(oldest, 'over the encoder cap');
        }
        feed = { encoder: createEncoder(key, game), demandedAt: Date.now() };
        feeds.set(key, feed);
      }
      feed.demandedAt = Date.now();
      void feed.encoder.ensureRunning();
      return feed.encoder;
    },
    /** A player fetched a feed's playlist: a watched feed stays up, an unknown one is not started. */
    touch(key: string) {
      const feed = feeds.get(key);
      if (feed) feed.demandedAt = Date.now();
    },
    /** Waits (bounded) for a feed's first playlists, so the first answer of a live game can play at once. */
    async waitForPlaylists(encoder: LiveEncoder, timeoutMs: number): Promise<boolean> {
      const until = Date.now() + timeoutMs;
      while (!(await encoder.hasPlaylists())) {
        if (Date.now() >= until || closed) return false;
        await new Promise((r) => setTimeout(r, 100));
      }
      return true;
    },
    /**
     * Stops the feeds nobody asked for within the grace time and, given the feeds of the games live now, those of
     * games that are over (their viewers move on to the recording).
     */
    async check(now = Date.now(), liveFeeds?: Set<string>): Promise<void> {
      const ended = (key: string) => liveFeeds !== undefined && key.startsWith('live/e') && !liveFeeds.has(key);
      const stale = [...feeds.entries()].filter(([key, f]) => now - f.demandedAt > graceMs || ended(key));
      await Promise.all(stale.map(([key]) => stopFeed(key, ended(key) ? 'game over' : 'no demand')));
    },
    /** An encoder publishes this game now: its simulated feed stops, so one writer owns the folder. */
    release: (key: string) => stopFeed(key, 'an encoder publishes the game'),
    running: () => [...feeds.keys()],
    async stop() {
      closed = true;
      await Promise.all([...feeds.keys()].map((key) => stopFeed(key, 'closing')));
    },
  };
}
export type LiveController = ReturnType<typeof createLiveController>;
