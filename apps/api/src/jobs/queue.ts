import type { FastifyBaseLogger } from 'fastify';
import { currentRequestId, inJob } from '../lib/request-trace';
import { JOB_CONCURRENCY, type Job, type JobHandlers, type JobName } from './job-types';

export type JobQueue = {
  add(job: Job): Promise<void>;
  /**
   * Gives the queue its handlers (the registry, jobs/job-handlers.ts): jobs are taken from the queue's creation and
   * run once it starts, so the services that queue jobs and the handlers that run them can be built in either order.
   */
  start(handlers: JobHandlers): Promise<void>;
  /** Resolves when no job is waiting or running (tests and graceful shutdown). */
  drain(): Promise<void>;
  close(): Promise<void>;
};

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
/** A job waiting its turn, with the id of the request that queued it (for its log lines). */
type Queued = { job: Job; attempt: number; reqId: string | undefined };
const ATTEMPTS = 3;

/**
 * The embedded queue: jobs run in this process with retries and backoff, each kind in its own lane so a long
 * media job never holds up an e-mail. It is the default on a single machine; with REDIS_URL the BullMQ queue
 * takes over so jobs survive restarts and spread over workers.
 */
export function createInProcessQueue({ log }: { log: Log }): JobQueue {
  let handlers: JobHandlers | undefined;
  const lanes = new Map<JobName, { waiting: Queued[]; running: number }>();
  let closed = false;
  let idle: (() => void)[] = [];
  const lane = (name: JobName) => {
    let l = lanes.get(name);
    if (!l) {
      l = { waiting: [], running: 0 };
      lanes.set(name, l);
    }
    return l;
  };

  const settle = () => {
    if ([...lanes.values()].every((l) => l.running === 0 && l.waiting.length === 0)) {
      for (const resolve of idle) resolve();
      idle = [];
    }
  };

  // A failed job waits out its backoff in its slot, so `drain` also waits for retries.
  const runOne = ({ job, attempt, reqId }: Queued) =>
    inJob(reqId, async () => {
      const handler = handlers?.[job.name] as (data: unknown) => Promise<void>;
      try {
        await handler(job.data);
        log.info({ job: job.name, attempt }, 'job done');
      } catch (err) {
        if (attempt >= ATTEMPTS) return log.error({ job: job.name, attempt, err }, 'job failed for good');
        log.warn({ job: job.name, attempt, err }, 'job failed, retrying');
        await new Promise((r) => setTimeout(r, 200 * 2 ** attempt));
        // A retry after the close would wait in a lane nothing empties, and the close would wait for it for good.
        if (!closed) lane(job.name).waiting.push({ job, attempt: attempt + 1, reqId });
      }
    });

  const pump = (name: JobName) => {
    const l = lane(name);
    while (handlers && !closed && l.running < JOB_CONCURRENCY[name]) {
      const next = l.waiting.shift();
      if (!next) break;
      l.running++;
      void runOne(next).finally(() => {
        l.running--;
        pump(name);
      });
    }
    settle();
  };

  return {
    async start(given) {
      handlers = given;
      for (const name of lanes.keys()) pump(name);
    },
    async add(job) {
      if (closed) throw new Error('job queue is closed');
      lane(job.name).waiting.push({ job, attempt: 1, reqId: currentRequestId() });
      pump(job.name);
    },
    drain: () =>
      new Promise<void>((resolve) => {
        idle.push(resolve);
        settle();
      }),
    async close() {
      closed = true;
      // Jobs already running finish; waiting ones are dropped (the demo's media is queued again at next start).
      for (const l of lanes.values()) l.waiting.length = 0;
      await this.drain();
    },
  };
}
