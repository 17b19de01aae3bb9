import type { FastifyBaseLogger } from 'fastify';
import { JOB_CONCURRENCY, type Job, type JobHandlers, type JobName } from './job-types';
import type { JobQueue } from './queue';

/**
 * Jobs on Redis with BullMQ: durable, retried with backoff, processed by every API process that runs a worker.
 * One queue per kind of job, each with its own concurrency, so packaging never holds up mail.
 */
export async function createBullmqQueue({
  redisUrl,
  handlers,
  log,
  prefix = 'sideline',
  worker: runsJobs = true,
}: {
  worker?: boolean;
  redisUrl: string;
  handlers: JobHandlers;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  prefix?: string;
}): Promise<JobQueue> {
  const [{ Queue, Worker }, { Redis }] = await Promise.all([import('bullmq'), import('ioredis')]);
  // BullMQ wants ready clients in ESM; workers block, so each gets its own connection.
  const connect = () => new Redis(redisUrl, { maxRetriesPerRequest: null });
  const connections = [connect()];
  const names = Object.keys(JOB_CONCURRENCY) as JobName[];
  const queues = new Map(names.map((name) => [name, new Queue(name, { connection: connections[0] as never, prefix })]));
  const workers = (runsJobs ? names : []).map((name) => {
    const connection = connect();
    connections.push(connection);
    const worker = new Worker(
      name,
      async (job) => {
        const handler = handlers[name] as (data: unknown) => Promise<void>;
        await handler(job.data);
      },
      { connection, prefix, concurrency: JOB_CONCURRENCY[name] },
    );
    worker.on('completed', (job) => log.info({ job: name, id: job.id }, 'job done'));
    worker.on('failed', (job, err) => log.error({ job: name, id: job?.id, err }, 'job failed'));
    return worker;
  });
  await Promise.all([
    ...[...queues.values()].map((q) => q.waitUntilReady()),
    ...workers.map((w) => w.waitUntilReady()),
  ]);

  return {
    async add(job: Job) {
      await queues.get(job.name)?.add(job.name, job.data, {
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
