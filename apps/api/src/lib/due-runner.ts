import type { FastifyBaseLogger } from 'fastify';

/**
 * Due work whose state is in tables (mail to send, sandbox payments to settle and events to deliver): a wake runs
 * it now, and a timer looks again when the next item falls due, bounded by the poll interval, in case a wake is
 * lost. One run at a time per process: a call during a run makes the run look once more and resolves with it, so
 * whoever waits for a wake also waits for work the timer had started.
 */
export function createDueRunner({
  work,
  nextDelay,
  pollMs,
  log,
  failure,
}: {
  /** Does everything due now. */
  work: () => Promise<void>;
  /** Milliseconds until the next look (the caller bounds it by `pollMs`). */
  nextDelay: () => Promise<number>;
  pollMs: number;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** The log line of a failed timer run. */
  failure: string;
}) {
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;

  function schedule(ms: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      void run().catch((err) => log.error({ err }, failure));
    }, ms);
    timer.unref();
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        for (;;) {
          again = false;
          await work();
          if (again) continue;
          const delay = await nextDelay();
          if (again) continue;
          schedule(delay);
          return;
        }
      } catch (err) {
        // A failed run (the database away) looks again after a poll, not only at the next wake.
        schedule(pollMs);
        throw err;
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  return {
    run,
    /** Starts the timer: the first look is at once. */
    start() {
      stopped = false;
      schedule(0);
    },
    /** Stops the timer and waits for a run in flight. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
}
