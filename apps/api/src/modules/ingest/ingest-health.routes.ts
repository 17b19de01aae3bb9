import { dataOf, idParamsSchema } from '@sideline/contract/common';
import { ingestHealthQuerySchema, ingestHealthSchema } from '@sideline/contract/ingest';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, noStore } from '../../lib/route-helpers';
import { bearerMatches } from '../../lib/tokens';
import { ingestErrors } from './ingest.errors';
import { type IngestHealthService, sinceOf } from './ingest-health.service';

const errors = errorResponses(400, 403, 404);

/**
 * A live game's ingest health for the channel of the request's host, with the operator token (as the stream-key
 * calls: without a configured token the call is off). Never stored by a cache.
 */
export const ingestHealthRoutes: FastifyPluginAsyncZod<{
  health: IngestHealthService;
  operatorToken: string | undefined;
}> = async (app, { health, operatorToken }) => {
  // Before the params are read: a caller without the token learns nothing, not even which ids exist.
  app.addHook('onRequest', async (request, reply) => {
    noStore(reply);
    if (!bearerMatches(request.headers.authorization, operatorToken)) throw ingestErrors.operatorTokenRequired();
  });

  app.get(
    '/operator/events/:id/ingest-health',
    {
      config: { access: 'host' },
      schema: {
        operationId: 'getIngestHealth',
        tags: ['operator'],
        summary:
          "A game's ingest health: whether an encoder publishes, the latest sample and the game's (operator token)",
        params: idParamsSchema,
        querystring: ingestHealthQuerySchema,
        response: { 200: dataOf(ingestHealthSchema), ...errors },
      },
    },
    async (request) => ({
      data: await health.read(request.channel.id, request.params.id, sinceOf(request.query.since)),
    }),
  );
};
