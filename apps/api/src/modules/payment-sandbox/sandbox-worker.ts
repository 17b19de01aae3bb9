import type { FastifyBaseLogger } from 'fastify';
import { createDueRunner } from '../../lib/due-runner';

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;

/**
 * The sandbox's due work: confirms payments whose settle time has come and delivers queued events. The tables are
 * the source of truth (a killed process loses nothing); a job on the job layer wakes it after a payment, and a
 * timer looks again at the next due time, bounded by `pollMs`, in case a wake is lost.
 */
export function createSandboxWorker({
  settleDue,
  deliverDue,
  nextDueAt,
  onStart,
  wake,
  log,
  pollMs = 5_000,
}: {
  settleDue: () => Promise<number>;
  deliverDue: () => Promise<number>;
  /** The earliest time something becomes due (a settle or an event retry), or null. */
  nextDueAt: () => Promise<Date | null>;
  /** Runs at start, before the first look (PGlite: take back what a killed process held). */
  onStart?: () => Promise<void>;
  wake: () => Promise<void>;
  log: Log;
  pollMs?: number;
}) {
  const runner = createDueRunner({
    work: async () => {
      while ((await settleDue()) > 0) {}
      await deliverDue();
    },
    nextDelay: async () => {
      const next = await nextDueAt();
      const delay = next ? next.getTime() - Date.now() : pollMs;
      return Math.max(5, Math.min(pollMs, delay));
    },
    pollMs,
    log,
    failure: 'sandbox due work failed',
  });

  return {
    /** One run at a time; a call during a run makes it look once more and resolves with it. */
    runDue: runner.run,
    /** Call after a change that makes work due (a payment); a lost wake only waits for the timer. */
    async wake(): Promise<void> {
      await wake().catch((err) => log.warn({ err }, 'could not wake the sandbox; its timer will run'));
    },
    async start() {
      await onStart?.().catch((err) => log.error({ err }, 'sandbox start-up work failed'));
      runner.start();
    },
    stop: runner.stop,
  };
}
export type SandboxWorker = ReturnType<typeof createSandboxWorker>;
