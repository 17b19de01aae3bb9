import { customerPortalSchema, orderSchema, unsubscribeBodySchema } from '@sideline/contract/commerce';
import { dataOf, emptyQuerySchema } from '@sideline/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, neverStore } from '../../lib/route-helpers';
import type { ChannelService } from '../channel';
import { userSession } from '../keys';
import type { PlansService } from './plans.service';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['commerce'];

/** The fan's side of a plan after it is bought: stop its renewal, open the provider's customer portal. */
export const plansRoutes: FastifyPluginAsyncZod<{ plans: PlansService; channels: ChannelService }> = async (
  app,
  { plans, channels },
) => {
  neverStore(app);

  app.post(
    '/stripe/unsubscribe',
    {
      config: { access: 'user' },
      schema: {
        operationId: 'unsubscribe',
        tags,
        summary: "Stop a plan's renewal; access lasts to the end of the period (a second call changes nothing)",
        body: unsubscribeBodySchema,
        response: { 200: dataOf(orderSchema), ...errors },
      },
    },
    async (request) => ({
      data: await plans.unsubscribe({ id: userSession(request).userId }, request.body.order_id),
    }),
  );

  app.get(
    '/stripe/customer-portal',
    {
      config: { access: 'user' },
      schema: {
        operationId: 'getCustomerPortal',
        tags,
        summary: "The payment provider's page where the fan manages saved cards and plans",
        querystring: emptyQuerySchema,
        response: { 200: dataOf(customerPortalSchema), ...errors },
      },
    },
    async (request) => {
      const origin = await channels.publicOrigin(request.channel, request);
      const fan = userSession(request);
      return { data: { url: await plans.portalUrl({ id: fan.userId, keyId: fan.keyId }, `${origin}/profile`) } };
    },
  );
};
