import { passesQuerySchema, passSchema } from '@sideline/contract/commerce';
import { dataOf, emptyQuerySchema, idParamsSchema, pageOf } from '@sideline/contract/common';
import type { PassKind } from '@sideline/contract/enums';
import { errorBodySchema } from '@sideline/contract/errors';
import type { OrderLike } from '@sideline/contract/rules/purchased';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SendCachedJson } from '../../lib/cache';
import type { Channel } from '../channel';
import type { KeysService } from '../keys';
import type { PassesService } from './passes.service';

/** The active paid orders of a signed-in caller on this channel; null for a guest (who gets the cached answer). */
export type CallerOrders = (channel: Channel, userId: number) => Promise<readonly OrderLike[]>;

/**
 * `packages` and `subscriptions`: lists (heaviest first) and single passes. Static calls: no key needed, and a
 * guest gets the shared cached answer; with a signed-in `api_key` the derived fields (purchased, disabled
 * sports and teams) are the caller's own and the answer is private.
 */
export const passesRoutes: FastifyPluginAsyncZod<{
  passes: PassesService;
  send: SendCachedJson;
  keys: KeysService;
  ordersOf: CallerOrders;
}> = async (app, { passes, send, keys, ordersOf }) => {
  /** The caller's orders when the query carries a signed-in key of this channel; a bad key is a guest here. */
  async function callerOrders(request: FastifyRequest, apiKey: string | undefined) {
    if (!apiKey) return null;
    const session = await keys.verify(apiKey).catch(() => null);
    if (!session || session.userId === null || session.channelId !== request.channel.id) return null;
    return ordersOf(request.channel, session.userId);
  }

  const kinds: [string, PassKind, string][] = [
    ['packages', 'package', 'Package'],
    ['subscriptions', 'subscription', 'Subscription'],
  ];
  const errors = { 400: errorBodySchema, 404: errorBodySchema };
  for (const [path, kind, name] of kinds) {
    app.get(
      `/${path}`,
      {
        config: { access: 'host' },
        schema: {
          operationId: `list${name}s`,
          tags: ['commerce'],
          summary: `${name}s sorted by weight, descending (with a signed-in api_key: the caller's purchased state)`,
          querystring: passesQuerySchema,
          response: { 200: pageOf(passSchema), ...errors },
        },
      },
      async (request, reply) => {
        const { offset, limit } = request.query;
        const orders = await callerOrders(request, request.query.api_key);
        if (orders) {
          reply.header('cache-control', 'private, no-store');
          return passes.page(request.channel, kind, offset, limit, orders);
        }
        return send(request, reply, {
          key: `ch:${request.channel.id}:json:/${path}?${offset}:${limit ?? ''}`,
          schema: pageOf(passSchema),
          load: () => passes.page(request.channel, kind, offset, limit),
        });
      },
    );
    app.get(
      `/${path}/:id`,
      {
        config: { access: 'host' },
        schema: {
          operationId: `get${name}`,
          tags: ['commerce'],
          params: idParamsSchema,
          querystring: emptyQuerySchema,
          response: { 200: dataOf(passSchema), ...errors },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const orders = await callerOrders(request, request.query.api_key);
        if (orders) {
          reply.header('cache-control', 'private, no-store');
          return { data: await passes.get(request.channel, kind, id, orders) };
        }
        return send(request, reply, {
          key: `ch:${request.channel.id}:json:/${path}/:id?${id}`,
          schema: dataOf(passSchema),
          load: async () => ({ data: await passes.get(request.channel, kind, id) }),
        });
      },
    );
  }
};
