import { passesQuerySchema, passSchema } from '@sideline/contract/commerce';
import { dataOf, emptyQuerySchema, idParamsSchema, pageOf } from '@sideline/contract/common';
import type { PassKind } from '@sideline/contract/enums';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cachedGet } from '../../lib/cached-get';
import type { SendCachedJson } from '../../lib/cached-json';
import type { PassesService } from './passes.service';

/** `packages` and `subscriptions`: lists (heaviest first) and single passes. Static calls, no key. */
export const passesRoutes: FastifyPluginAsyncZod<{ passes: PassesService; send: SendCachedJson }> = async (
  app,
  { passes, send },
) => {
  const kinds: [string, PassKind, string][] = [
    ['packages', 'package', 'Package'],
    ['subscriptions', 'subscription', 'Subscription'],
  ];
  for (const [path, kind, name] of kinds) {
    cachedGet(app, send, {
      url: `/${path}`,
      operationId: `list${name}s`,
      tags: ['commerce'],
      summary: `${name}s sorted by weight, descending`,
      querystring: passesQuerySchema,
      response: pageOf(passSchema),
      vary: ({ query }) => `${query.offset}:${query.limit ?? ''}`,
      load: ({ channel, query }) => passes.page(channel, kind, query.offset, query.limit),
    });
    cachedGet(app, send, {
      url: `/${path}/:id`,
      operationId: `get${name}`,
      tags: ['commerce'],
      params: idParamsSchema,
      querystring: emptyQuerySchema,
      response: dataOf(passSchema),
      vary: ({ params }) => String(params.id),
      load: async ({ channel, params }) => ({ data: await passes.get(channel, kind, params.id) }),
    });
  }
};
