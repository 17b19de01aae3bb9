import {
  providerIdSchema,
  sandboxCardBodySchema,
  sandboxConfirmSetupBodySchema,
  sandboxPaymentMethodSchema,
  sandboxSetupIntentSchema,
} from '@sideline/contract/commerce';
import { text } from '@sideline/contract/common';
import { errorBodySchema } from '@sideline/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, neverStore } from '../../lib/route-helpers';
import { challengePage, notFoundPage } from './challenge-page';
import { SANDBOX_PREFIX, type SandboxProvider } from './sandbox-provider';

const errors = errorResponses(400, 404);
const tags = ['sandbox'];
const paymentParams = z.strictObject({ paymentId: providerIdSchema });
const secretQuery = z.strictObject({ client_secret: text().max(255) });
const authenticateBody = z.strictObject({
  client_secret: text().max(255),
  outcome: z.enum(['complete', 'fail']),
});

/**
 * The sandbox's own endpoints, outside `/api` as api.stripe.com is outside the shop: the tokenising endpoint (the
 * only place a card number goes), setup intent confirmation, and the authentication page with its answer.
 */
export const sandboxRoutes: FastifyPluginAsyncZod<{ sandbox: SandboxProvider }> = async (app, { sandbox }) => {
  // The authentication page's buttons are plain HTML forms.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  neverStore(app);

  app.post(
    `${SANDBOX_PREFIX}/v1/payment_methods`,
    {
      config: { access: 'none' },
      schema: {
        operationId: 'sandboxCreatePaymentMethod',
        tags,
        summary: 'Tokenise a test card: only brand, last four digits, expiry and behaviour are kept',
        body: sandboxCardBodySchema,
        response: { 200: sandboxPaymentMethodSchema, ...errors },
      },
    },
    async (request) => sandbox.tokenizeCard(request.body.key, request.body.card),
  );

  app.post(
    `${SANDBOX_PREFIX}/v1/setup_intents/:id/confirm`,
    {
      config: { access: 'none' },
      schema: {
        operationId: 'sandboxConfirmSetupIntent',
        tags,
        summary:
          "Attach a tokenised card to the setup intent's customer as the default card (the customer's same card, by " +
          'fingerprint, if already saved); a card declined at setup answers 402 and is not saved',
        params: z.strictObject({ id: providerIdSchema }),
        body: sandboxConfirmSetupBodySchema,
        response: { 200: sandboxSetupIntentSchema, ...errors, ...errorResponses(402) },
      },
    },
    async (request) =>
      sandbox.confirmSetupIntent(request.params.id, request.body.client_secret, request.body.payment_method),
  );

  app.get(
    `${SANDBOX_PREFIX}/authenticate/:paymentId`,
    {
      config: { access: 'none' },
      schema: {
        operationId: 'sandboxAuthenticationPage',
        tags,
        summary: "The sandbox's test authentication page (needs the payment's client secret)",
        params: paymentParams,
        querystring: secretQuery,
      },
    },
    async (request, reply) => {
      const pi = await sandbox.challenge(request.params.paymentId, request.query.client_secret);
      reply.type('text/html; charset=utf-8');
      if (pi?.status !== 'requires_action') return reply.code(404).send(notFoundPage());
      return challengePage({
        action: `${SANDBOX_PREFIX}/authenticate/${pi.id}`,
        clientSecret: request.query.client_secret,
        amount: pi.amount,
        currency: pi.currency,
      });
    },
  );

  app.post(
    `${SANDBOX_PREFIX}/authenticate/:paymentId`,
    {
      config: { access: 'none' },
      schema: {
        operationId: 'sandboxAuthenticate',
        tags,
        summary: 'Complete or fail the test authentication; answers 303 to the return URL',
        params: paymentParams,
        body: authenticateBody,
        response: { 303: z.null(), 404: errorBodySchema, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { client_secret, outcome } = request.body;
      const result = await sandbox.authenticate(request.params.paymentId, client_secret, outcome === 'complete');
      const back = new URL(result.returnUrl ?? '/', 'http://placeholder.invalid');
      back.searchParams.set('payment_intent', request.params.paymentId);
      // Succeeded only when the payment is being confirmed or was: an attempt a newer one replaced (canceled),
      // or one already settled otherwise, charged nothing whatever the fan pressed.
      const charged = result.status === 'processing' || result.status === 'succeeded';
      back.searchParams.set('redirect_status', charged ? 'succeeded' : 'failed');
      const location = result.returnUrl?.startsWith('http') ? back.toString() : `${back.pathname}${back.search}`;
      return reply.code(303).header('location', location).send(null);
    },
  );
};
