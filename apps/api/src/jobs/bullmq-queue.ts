import type { FastifyBaseLogger } from 'fastify';
import { currentRequestId, inJob } from '../lib/request-trace';
import { JOB_CONCURRENCY, type Job, type JobHandlers, type JobName } from './job-types';
import type { JobQueue } from './queue';

/**
 * Jobs on Redis with BullMQ: durable, retried with backoff, processed by every API process that runs a worker.
 * One queue per kind of job, each with its own concurrency, so packaging never holds up mail.
 */
export async function createBullmqQueue({
  redisUrl,
  log,
  prefix = 'sideline',
  worker: runsJobs = true,
}: {
  worker?: boolean;
  redisUrl: string;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  prefix?: string;
}): Promise<JobQueue> {
  // What is stored in Redis: the job's data and the id of the request that queued it, which the worker's log
  // lines carry (nginx → API → Redis → worker).
  type Stored = { payload: unknown; reqId?: string };
  const [{ Queue, Worker }, { Redis }] = await Promise.all([import('bullmq'), import('ioredis')]);
  // BullMQ wants ready clients in ESM; workers block, so each gets its own connection.
  const connect = () => new Redis(redisUrl, { maxRetriesPerRequest: null });
  // The queues' connection adds jobs from inside requests: while Redis is away an add fails at once instead of
  // waiting in ioredis's offline queue for the reconnection, which would hold the request for the whole outage
  // (BullMQ's "failing fast when Redis is down"). Workers keep waiting through an outage and resume after it.
  const connections = [new Redis(redisUrl, { maxRetriesPerRequest: null, enableOfflineQueue: false })];
  const names = Object.keys(JOB_CONCURRENCY) as JobName[];
  const queues = new Map(names.map((name) => [name, new Queue(name, { connection: connections[0] as never, prefix })]));
  const workers: { close(): Promise<void> }[] = [];
  // Workers are made when the handlers are given: a producer-only process never makes any.
  const startWorker = (name: JobName, handlers: JobHandlers) => {
    const connection = connect();
    connections.push(connection);
    const worker = new Worker(
      name,
      async (job) => {
        const { payload, reqId } = job.data as Stored;
        const handler = handlers[name] as (data: unknown) => Promise<void>;
        await inJob(reqId, () => handler(payload));
      },
      {
        connection,
        prefix,
        concurrency: JOB_CONCURRENCY[name],
        // After Redis was away, fetch jobs again within a second of its return (BullMQ waits 15 s by default).
        runRetryDelay: 1_000,
      },
    );
    const reqIdOf = (job: { data: unknown } | undefined) => (job?.data as Stored | undefined)?.reqId;
    worker.on('completed', (job) => log.info({ job: name, id: job.id, reqId: reqIdOf(job) }, 'job done'));
    worker.on('failed', (job, err) => log.error({ job: name, id: job?.id, reqId: reqIdOf(job), err }, 'job failed'));
    workers.push(worker);
    return worker;
  };
  await Promise.all([...queues.values()].map((q) => q.waitUntilReady()));

  return {
    async start(handlers) {
      if (!runsJobs) return;
      await Promise.all(names.map((name) => startWorker(name, handlers).waitUntilReady()));
    },
    async add(job: Job) {
      const stored: Stored = { payload: job.data, reqId: currentRequestId() };
      await queues.get(job.name)?.add(job.name, stored, {
        attempts: 3,
        backoff: { type: 'exponential', delay: 500 },
        removeOnComplete: 1000,
        removeOnFail: 5000,
      });
    },
    async drain() {
      for (;;) {
        const counts = await Promise.all(
          [...queues.values()].map((q) => q.getJobCounts('waiting', 'active', 'delayed')),
        );
        if (counts.every((c) => !c.waiting && !c.active && !c.delayed)) return;
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async close() {
      await Promise.all(workers.map((w) => w.close()));
      await Promise.all([...queues.values()].map((q) => q.close()));
      for (const c of connections) c.disconnect();
    },
  };
}
