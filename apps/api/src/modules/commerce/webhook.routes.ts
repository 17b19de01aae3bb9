import { errorBodySchema } from '@sideline/contract/errors';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { PaymentProvider } from '../payments';
import type { WebhookService } from './webhook.service';

/**
 * `POST /api/stripe/webhook`: the provider's events (Stripe's, or the sandbox's, signed the same way). The
 * signature covers the exact bytes, so this plugin reads the body raw (its own JSON parser, for this route only)
 * and hands the verified event to the service (papra's subscriptions.routes pattern).
 */
export const webhookRoutes: FastifyPluginAsync<{ provider: PaymentProvider; webhooks: WebhookService }> = async (
  app,
  { provider, webhooks },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/stripe/webhook',
    {
      // The provider retries what is refused, so a limit would only delay payments (the sandbox's deliveries come
      // from this machine and would share a local caller's budget); a signature check is cheap to refuse with.
      config: { access: 'none', rateLimit: false },
      schema: {
        operationId: 'paymentWebhook',
        tags: ['commerce'],
        summary: "The payment provider's signed events (Stripe-Signature header); each is handled once",
        response: { 200: z.object({ received: z.literal(true) }), 400: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['stripe-signature'];
      const event = provider.parseWebhook(raw, Array.isArray(header) ? header[0] : header);
      await webhooks.handle(event);
      return { received: true as const };
    },
  );
};
