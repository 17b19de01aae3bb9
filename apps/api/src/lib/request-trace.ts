import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request id of the work in progress, so a job's log lines name the request that queued it, on whichever
 * process runs the job. Set for each request (app.ts) and for each job run (jobs/); the queues carry it across.
 */
const trace = new AsyncLocalStorage<{ reqId: string; inJob: boolean }>();

export const currentRequestId = (): string | undefined => trace.getStore()?.reqId;

export const inRequest = <T>(reqId: string, fn: () => T): T => trace.run({ reqId, inJob: false }, fn);

/** Runs a job's work under the id of the request that queued it (none for the clock's own jobs). */
export const inJob = <T>(reqId: string | undefined, fn: () => T): T =>
  reqId ? trace.run({ reqId, inJob: true }, fn) : fn();

/**
 * pino's mixin: a job's log lines carry `reqId`. A request's lines already have it from Fastify's per-request
 * logger, so it is not repeated there.
 */
export function jobLogFields(): { reqId?: string } {
  const store = trace.getStore();
  return store?.inJob ? { reqId: store.reqId } : {};
}
