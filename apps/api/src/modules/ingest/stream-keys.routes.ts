import { dataOf, emptyQuerySchema, idParamsSchema } from '@sideline/contract/common';
import { streamKeySchema } from '@sideline/contract/ingest';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, noStore } from '../../lib/route-helpers';
import { bearerMatches } from '../../lib/tokens';
import { ingestErrors } from './ingest.errors';
import type { StreamKeysService } from './stream-keys.service';

const errors = errorResponses(400, 403, 404);
const tags = ['operator'];

/**
 * A game's stream key for the channel of the request's host, read or rotated with the operator token
 * (`Authorization: Bearer <OPERATOR_TOKEN>`); without a configured token the calls are off. The console replaces the
 * token with roles. Answers are secrets: never stored by a cache.
 */
export const streamKeysRoutes: FastifyPluginAsyncZod<{
  streamKeys: StreamKeysService;
  operatorToken: string | undefined;
}> = async (app, { streamKeys, operatorToken }) => {
  // Before the body and params are read: a caller without the token learns nothing, not even which ids exist.
  app.addHook('onRequest', async (request, reply) => {
    noStore(reply);
    if (!bearerMatches(request.headers.authorization, operatorToken)) throw ingestErrors.operatorTokenRequired();
  });

  app.get(
    '/operator/events/:id/stream-key',
    {
      config: { access: 'host' },
      schema: {
        operationId: 'getStreamKey',
        tags,
        summary: "A game's stream key and publish addresses, made on first read (operator token)",
        params: idParamsSchema,
        querystring: emptyQuerySchema,
        response: { 200: dataOf(streamKeySchema), ...errors },
      },
    },
    async (request) => ({ data: await streamKeys.read(request.channel.id, request.params.id) }),
  );

  app.post(
    '/operator/events/:id/stream-key/rotate',
    {
      config: { access: 'host' },
      schema: {
        operationId: 'rotateStreamKey',
        tags,
        summary: "Replaces a game's stream key: the old one is refused from now on (operator token)",
        params: idParamsSchema,
        querystring: emptyQuerySchema,
        response: { 200: dataOf(streamKeySchema), ...errors },
      },
    },
    async (request) => ({ data: await streamKeys.rotate(request.channel.id, request.params.id) }),
  );
};
