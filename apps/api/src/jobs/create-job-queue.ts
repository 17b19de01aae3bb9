import type { FastifyBaseLogger } from 'fastify';
import { createBullmqQueue } from './bullmq-queue';
import { createInProcessQueue, type JobQueue } from './queue';

/** BullMQ on Redis when REDIS_URL is set; the in-process queue otherwise. It runs jobs once `start` gives it handlers. */
export function createJobQueue({
  redisUrl,
  prefix,
  log,
  worker = true,
}: {
  redisUrl: string | undefined;
  /** Process jobs here (BullMQ only: a producer-only process adds jobs for the workers of other processes). */
  worker?: boolean;
  prefix: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}): Promise<JobQueue> | JobQueue {
  return redisUrl ? createBullmqQueue({ redisUrl, prefix, log, worker }) : createInProcessQueue({ log });
}
