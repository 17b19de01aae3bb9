import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorBodySchema } from '@sideline/contract/errors';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { SendCachedJson } from './cached-json';

export type ZodApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export type CachedGetContext<P extends z.ZodType, Q extends z.ZodType> = {
  /** The request's channel, as the request context resolved it (typed there: lib/ imports no module). */
  channel: FastifyRequest['channel'];
  params: z.output<P>;
  query: z.output<Q>;
};

/**
 * A static call: no key, channel by host, answered from the per-channel JSON cache. `vary` names what of the
 * request changes the answer (beyond the channel), so it becomes part of the cache key.
 */
export function cachedGet<P extends z.ZodType, Q extends z.ZodType, R extends z.ZodType>(
  app: ZodApp,
  send: SendCachedJson,
  def: {
    url: string;
    operationId: string;
    tags: string[];
    summary?: string;
    params?: P;
    querystring: Q;
    response: R;
    vary?: (ctx: CachedGetContext<P, Q>) => string;
    load: (ctx: CachedGetContext<P, Q>) => Promise<z.input<R>>;
  },
) {
  // The zod provider's generics do not survive this level of abstraction; the schemas still validate at run time.
  (app as unknown as FastifyInstance).get(
    def.url,
    {
      config: { access: 'host' },
      schema: {
        operationId: def.operationId,
        tags: def.tags,
        ...(def.summary ? { summary: def.summary } : {}),
        ...(def.params ? { params: def.params } : {}),
        querystring: def.querystring,
        response: { 200: def.response, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const ctx = {
        channel: request.channel,
        params: request.params as z.output<P>,
        query: request.query as z.output<Q>,
      };
      const suffix = def.vary ? `?${def.vary(ctx)}` : '';
      return send(request, reply, {
        key: `ch:${ctx.channel.id}:json:${def.url}${suffix}`,
        schema: def.response,
        load: () => def.load(ctx),
      });
    },
  );
}
