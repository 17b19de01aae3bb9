import {
  playbackQualityQuerySchema,
  playbackQualitySchema,
  videoEventBodySchema,
  viewingTimeBodySchema,
} from '@sideline/contract/analytics';
import { dataOf } from '@sideline/contract/common';
import { errorBodySchema } from '@sideline/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, noStore } from '../../lib/route-helpers';
import { bearerMatches } from '../../lib/tokens';
import type { ChannelService } from '../channel';
import { keyErrors } from '../keys';
import { analyticsErrors } from './analytics.errors';
import type { AnalyticsRepository } from './analytics.repository';

const accepted = z.object({ ok: z.literal(true) });
const errors = errorResponses(400, 401, 404);

/**
 * Player analytics: video events and viewing-time beats, and the channel's playback quality report (startup
 * time, stalls, errors). The report is for the channel's operators: it needs the operator token.
 */
export const videoAnalyticsRoutes: FastifyPluginAsyncZod<{
  channels: ChannelService;
  repo: AnalyticsRepository;
  operatorToken: string | undefined;
}> = async (app, { channels, repo, operatorToken }) => {
  const channelOf = async (key: string) => {
    const channel = await channels.byAnalyticsKey(key);
    if (!channel) throw keyErrors.channelKeyInvalid();
    return channel;
  };
  const ok = { data: { ok: true as const } };

  app.post(
    '/video-events',
    {
      config: { access: 'none' },
      schema: {
        operationId: 'analyticsVideoEvent',
        tags: ['analytics'],
        summary: 'play (startup_ms), pause, seek, ended, error, rendition_change, stall (stall_ms)',
        body: videoEventBodySchema,
        response: { 202: dataOf(accepted), ...errors },
      },
    },
    async (request, reply) => {
      const { key, session, event_id, name, position, properties } = request.body;
      const channel = await channelOf(key);
      await repo.insertVideoEvent({
        channelId: channel.id,
        session,
        eventId: event_id,
        name,
        position: position ?? null,
        properties: properties ?? {},
      });
      return reply.status(202).send(ok);
    },
  );

  app.post(
    '/viewing-time',
    {
      config: { access: 'none' },
      schema: {
        operationId: 'analyticsViewingTime',
        tags: ['analytics'],
        body: viewingTimeBodySchema,
        response: { 202: dataOf(accepted), ...errors },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const channel = await channelOf(b.key);
      await repo.insertViewingTime({
        channelId: channel.id,
        session: b.session,
        eventId: b.event_id,
        seconds: b.viewing_time,
        category: b.category,
        sport: b.sport,
        gender: b.gender,
        school: b.school,
        league: b.league,
      });
      return reply.status(202).send(ok);
    },
  );

  app.get(
    '/quality',
    {
      config: { access: 'none' },
      schema: {
        operationId: 'analyticsQuality',
        tags: ['analytics'],
        summary: "The channel's playback quality over the last days (operator token in `Authorization: Bearer`)",
        querystring: playbackQualityQuerySchema,
        response: { 200: dataOf(playbackQualitySchema), ...errors, 403: errorBodySchema },
      },
    },
    async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, operatorToken)) throw analyticsErrors.operatorTokenRequired();
      noStore(reply);
      const channel = await channelOf(request.query.key);
      const to = new Date();
      const from = new Date(to.getTime() - request.query.days * 86_400_000);
      const q = await repo.quality(channel.id, from);
      return {
        data: {
          from: from.toISOString(),
          to: to.toISOString(),
          plays: q.plays,
          viewers: q.viewers,
          startup_ms: { median: q.startupMedian, p95: q.startupP95 },
          viewing_time_s: q.viewingS,
          stall_time_s: q.stallMs / 1000,
          stall_ratio: q.viewingS > 0 ? q.stallMs / 1000 / q.viewingS : 0,
          errors: q.errors,
          error_rate: q.plays > 0 ? q.errors / q.plays : 0,
        },
      };
    },
  );
};
