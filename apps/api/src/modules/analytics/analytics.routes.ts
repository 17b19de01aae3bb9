import { randomBytes } from 'node:crypto';
import {
  analyticsEventBodySchema,
  analyticsHashQuerySchema,
  analyticsSessionBodySchema,
} from '@sideline/contract/analytics';
import { dataOf } from '@sideline/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, noStore } from '../../lib/route-helpers';
import type { ChannelService } from '../channel';
import { keyErrors } from '../keys';
import type { AnalyticsRepository } from './analytics.repository';

const accepted = z.object({ ok: z.literal(true) });
const errors = errorResponses(400, 401);

/**
 * The analytics collector: a separate service prefix (`/analytics`) that a channel may point elsewhere.
 * Calls name the channel by its analytics key; nothing here needs the viewer's api key.
 */
export const analyticsRoutes: FastifyPluginAsyncZod<{ channels: ChannelService; repo: AnalyticsRepository }> = async (
  app,
  { channels, repo },
) => {
  const channelOf = async (key: string) => {
    const channel = await channels.byAnalyticsKey(key);
    if (!channel) throw keyErrors.channelKeyInvalid();
    return channel;
  };

  app.get(
    '/hash',
    {
      config: { access: 'none' },
      schema: {
        operationId: 'analyticsHash',
        tags: ['analytics'],
        summary: 'A new anonymous profile id for a browser',
        querystring: analyticsHashQuerySchema,
        response: { 200: dataOf(z.object({ hash: z.string() })), ...errors },
      },
    },
    async (request, reply) => {
      await channelOf(request.query.key);
      noStore(reply);
      return { data: { hash: randomBytes(16).toString('hex') } };
    },
  );

  app.post(
    '/session',
    {
      config: { access: 'none' },
      schema: {
        operationId: 'analyticsSession',
        tags: ['analytics'],
        body: analyticsSessionBodySchema,
        response: { 202: dataOf(accepted), ...errors },
      },
    },
    async (request, reply) => {
      const { key, session, profile, device_type, user_agent, resolution, platform } = request.body;
      const channel = await channelOf(key);
      await repo.upsertSession({
        id: session,
        channelId: channel.id,
        profile,
        deviceType: device_type,
        userAgent: user_agent,
        resolution,
        platform,
      });
      return reply.status(202).send({ data: { ok: true as const } });
    },
  );

  app.post(
    '/events',
    {
      config: { access: 'none' },
      schema: {
        operationId: 'analyticsEvent',
        tags: ['analytics'],
        summary: 'Page views and other events',
        body: analyticsEventBodySchema,
        response: { 202: dataOf(accepted), ...errors },
      },
    },
    async (request, reply) => {
      const { key, session, name, page, previous_page, properties } = request.body;
      const channel = await channelOf(key);
      await repo.insertEvent({
        channelId: channel.id,
        session,
        name,
        page: page ?? null,
        previousPage: previous_page ?? null,
        properties: properties ?? {},
      });
      return reply.status(202).send({ data: { ok: true as const } });
    },
  );
};
