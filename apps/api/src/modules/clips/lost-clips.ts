import type { FastifyBaseLogger } from 'fastify';
import type { ClipsRepository } from './clips.repository';

/**
 * A worker killed in the middle of a cut leaves its clip `processing` under a lease nobody renews, and its job
 * may come back only after BullMQ's stall check, or never. Every process that runs jobs looks now and then for
 * clips with no progress for a lease and queues them again; the claim on the row makes sure one cut wins.
 */
export function lostClipsSweep({
  repo,
  leaseMs,
  everyMs,
  requeue,
  log,
}: {
  repo: ClipsRepository;
  leaseMs: number;
  everyMs: number;
  requeue: (clipId: number) => Promise<void>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}) {
  let timer: NodeJS.Timeout | undefined;
  const sweep = async () => {
    for (const clipId of await repo.lostIds(leaseMs)) {
      log.warn({ clip: clipId }, 'clip cut lost: queued again');
      await requeue(clipId);
    }
  };
  return {
    sweep,
    start() {
      if (everyMs <= 0) return;
      timer = setInterval(() => {
        sweep().catch((err) => log.error({ err }, 'lost clips sweep failed'));
      }, everyMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
    },
  };
}
