import type { FastifyBaseLogger } from 'fastify';
import type { LiveSimulator } from './live-simulator';

/** How long the encoder keeps running after the last request for the test feed. */
const DEMAND_GRACE_MS = 5 * 60_000;

/**
 * Runs the live encoder while a game is live (or someone just asked for the test feed) and stops it otherwise,
 * so an idle server costs no CPU. Checked after each status sweep and on demand.
 */
export function createLiveController({
  simulator,
  hasLiveEvents,
  log,
}: {
  simulator: LiveSimulator;
  hasLiveEvents: () => Promise<boolean>;
  log: Pick<FastifyBaseLogger, 'error'>;
}) {
  let demandUntil = 0;
  let checking: Promise<void> | null = null;
  const check = async () => {
    const wanted = Date.now() < demandUntil || (await hasLiveEvents());
    if (wanted) await simulator.ensureRunning();
    else if (simulator.isRunning()) await simulator.stop();
  };
  return {
    check(): Promise<void> {
      checking ??= check()
        .catch((err) => log.error({ err }, 'live encoder check failed'))
        .finally(() => {
          checking = null;
        });
      return checking;
    },
    /** A viewer asked for live media: make sure the encoder runs. */
    demand() {
      demandUntil = Date.now() + DEMAND_GRACE_MS;
      if (!simulator.isRunning()) void this.check();
    },
    stop: () => simulator.stop(),
  };
}
export type LiveController = ReturnType<typeof createLiveController>;
