import { keyedBodySchema } from '@sideline/contract/channel';
import {
  applyCouponQuerySchema,
  buyBodySchema,
  checkoutResultSchema,
  couponCheckSchema,
  invoicePreviewBodySchema,
  invoicePreviewSchema,
  orderParamsSchema,
  orderSchema,
  ordersQuerySchema,
  savedCardSchema,
  setupIntentSchema,
  startTrialBodySchema,
  transactionSchema,
  transactionsQuerySchema,
} from '@sideline/contract/commerce';
import { dataOf, emptyQuerySchema, pageOf } from '@sideline/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, neverStore } from '../../lib/route-helpers';
import type { ChannelService } from '../channel';
import { userSession } from '../keys';
import type { CheckoutService } from './checkout.service';
import type { OrdersService } from './orders.service';

const errors = errorResponses(400, 401, 403, 404, 409, 502);
const tags = ['commerce'];

/** The checkout and the fan's orders (spec section 7, Payments). Every call needs a signed-in fan. */
export const paymentsRoutes: FastifyPluginAsyncZod<{
  checkout: CheckoutService;
  orders: OrdersService;
  channels: ChannelService;
}> = async (app, { checkout, orders, channels }) => {
  neverStore(app);
  const config = { access: 'user' as const };

  for (const [url, operationId, summary] of [
    ['/stripe/buy', 'buy', 'Buy a game (with its single-event package), a package, an add-on or a plan'],
    ['/stripe/buy_bundle', 'buyBundle', 'Buy a pass with its add-ons in one payment (one order, one item each)'],
  ] as const) {
    app.post(
      url,
      {
        config,
        schema: {
          operationId,
          tags,
          summary,
          body: buyBodySchema,
          response: { 200: dataOf(checkoutResultSchema), ...errors },
        },
      },
      async (request) => {
        const origin = await channels.publicOrigin(request.channel, request);
        return { data: await checkout.buy(request.channel, userSession(request), request.body, { origin }) };
      },
    );
  }

  app.post(
    '/stripe/subscription/start_trial',
    {
      config,
      schema: {
        operationId: 'startTrial',
        tags,
        summary: "Start a plan's free trial (once per fan); the saved card is charged when it ends",
        body: startTrialBodySchema,
        response: { 200: dataOf(checkoutResultSchema), ...errors },
      },
    },
    async (request) => {
      const origin = await channels.publicOrigin(request.channel, request);
      return {
        data: await checkout.buy(request.channel, userSession(request), request.body, { origin, trialOnly: true }),
      };
    },
  );

  app.post(
    '/stripe/invoice-preview',
    {
      config,
      schema: {
        operationId: 'previewInvoice',
        tags,
        summary: 'Subtotal, discount, service fee and total of a checkout, and the next charge of a plan',
        body: invoicePreviewBodySchema,
        response: { 200: dataOf(invoicePreviewSchema), ...errors },
      },
    },
    async (request) => ({ data: await checkout.preview(request.channel, userSession(request), request.body) }),
  );

  app.get(
    '/apply_coupon',
    {
      config,
      schema: {
        operationId: 'applyCoupon',
        tags,
        summary: 'Check a promo code for this fan (and pass); "Wrong promo code" otherwise',
        querystring: applyCouponQuerySchema,
        response: { 200: dataOf(couponCheckSchema), ...errors },
      },
    },
    async (request) => ({
      data: await checkout.applyCoupon(
        request.channel,
        userSession(request),
        request.query.code,
        request.query.pass_id,
      ),
    }),
  );

  app.post(
    '/stripe/setup-intent',
    {
      config,
      schema: {
        operationId: 'createSetupIntent',
        tags,
        summary: "A client secret to save a card with the provider's browser library (the card never comes here)",
        body: keyedBodySchema,
        response: { 200: dataOf(setupIntentSchema), ...errors },
      },
    },
    async (request) => ({ data: await checkout.setupIntent(userSession(request)) }),
  );

  app.get(
    '/stripe/list-cards',
    {
      config,
      schema: {
        operationId: 'listCards',
        tags,
        summary: "The fan's saved cards, the default first",
        querystring: emptyQuerySchema,
        response: { 200: dataOf(z.array(savedCardSchema)), ...errors },
      },
    },
    async (request) => ({ data: await checkout.listCards(userSession(request)) }),
  );

  app.get(
    '/orders',
    {
      config,
      schema: {
        operationId: 'listOrders',
        tags,
        summary: "The fan's orders, newest first (`active=1`: those giving access now)",
        querystring: ordersQuerySchema,
        response: { 200: pageOf(orderSchema), ...errors },
      },
    },
    async (request) => orders.list(request.channel, userSession(request), request.query),
  );

  app.get(
    '/orders/:order_id',
    {
      config,
      schema: {
        operationId: 'getOrder',
        tags,
        summary: "One of the fan's orders (polled every 2 s until Paid or Failed)",
        params: orderParamsSchema,
        querystring: emptyQuerySchema,
        response: { 200: dataOf(orderSchema), ...errors },
      },
    },
    async (request) => ({ data: await orders.get(request.channel, userSession(request), request.params.order_id) }),
  );

  app.get(
    '/transactions',
    {
      config,
      schema: {
        operationId: 'listTransactions',
        tags,
        summary: "The fan's payments, renewals and refunds, newest first",
        querystring: transactionsQuerySchema,
        response: { 200: pageOf(transactionSchema), ...errors },
      },
    },
    async (request) => orders.transactions(request.channel, userSession(request), request.query),
  );
};
