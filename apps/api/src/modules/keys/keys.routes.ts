import { apiKeySchema, getApiKeyBodySchema } from '@sideline/contract/channel';
import { dataOf } from '@sideline/contract/common';
import { errorBodySchema } from '@sideline/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noStore } from '../../lib/route-helpers';
import type { ChannelService } from '../channel';
import { keyErrors } from './keys.errors';
import type { KeysService } from './keys.service';

export const keysRoutes: FastifyPluginAsyncZod<{
  channels: ChannelService;
  keys: KeysService;
  rateLimitMax: number;
}> = async (app, opts) => {
  app.post(
    '/get_api_key',
    {
      config: { access: 'none', rateLimit: { max: opts.rateLimitMax } },
      schema: {
        operationId: 'getApiKey',
        tags: ['channel'],
        summary: 'Issue a new guest api key for a channel key',
        body: getApiKeyBodySchema,
        response: { 201: dataOf(apiKeySchema), 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const channel = await opts.channels.byKey(request.body.channel_key);
      if (!channel) throw keyErrors.channelKeyInvalid();
      const { session: _session, ...key } = await opts.keys.issue(channel);
      noStore(reply);
      return reply.status(201).send({ data: key });
    },
  );
};
