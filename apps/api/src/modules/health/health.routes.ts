import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { StorageHealth } from '../../db/guarded-pglite';

const statusSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

/** Liveness (the process answers) and readiness (the database answers too). */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db; storage?: (() => StorageHealth) | undefined }> = async (
  app,
  { db, storage },
) => {
  app.get(
    '/healthz',
    {
      config: { access: 'none' },
      schema: { operationId: 'healthz', tags: ['health'], response: { 200: statusSchema } },
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      config: { access: 'none' },
      schema: { operationId: 'readyz', tags: ['health'], response: { 200: statusSchema, 503: statusSchema } },
    },
    async (request, reply) => {
      try {
        // While storage fails reads may still work: not ready all the same, the next write would fail.
        if (storage && !storage().ok) return reply.status(503).send({ status: 'unavailable' as const });
        await db.execute(sql`select 1`);
        return { status: 'ok' as const };
      } catch (err) {
        request.log.error({ err }, 'readiness check failed');
        return reply.status(503).send({ status: 'unavailable' as const });
      }
    },
  );
};
