import Stripe from 'stripe';
import { AppError } from '../../../lib/app-error';

/** Where a failed Stripe call is noted for the operator (pino's `warn` fits). Never the key, never the message. */
export type StripeLog = { warn(details: object, message: string): void };

/** What of a Stripe error is safe to log: its kind and ids, not its text (which may quote request values). */
export const stripeErrorDetails = (error: unknown): Record<string, unknown> =>
  error instanceof Stripe.errors.StripeError
    ? { type: error.type, code: error.code, statusCode: error.statusCode, requestId: error.requestId }
    : { type: error instanceof Error ? error.name : typeof error };

/**
 * Anything Stripe did not answer as expected (no answer, a 5xx, a refused key, a request it rejected) becomes the
 * client's 502 `payment_provider_error`: the catalogue's words only, so neither Stripe's text nor the key can reach
 * a response.
 */
export function providerError(error: unknown, call: string, log: StripeLog | undefined): AppError {
  log?.warn({ call, stripe: stripeErrorDetails(error) }, 'stripe call failed');
  return new AppError({ status: 502, code: 'payment_provider_error' });
}

export const stripeErrors = {
  /** A webhook without Stripe's signature over its raw body (or none at all). */
  webhookSignatureInvalid: () => new AppError({ status: 400, code: 'webhook_signature_invalid' }),
};

export const isCardError = (error: unknown): error is Stripe.errors.StripeCardError =>
  error instanceof Stripe.errors.StripeCardError;

/** Stripe's 404 for an id that is not there (another account's or a made-up payment method). */
export const isMissing = (error: unknown): boolean =>
  error instanceof Stripe.errors.StripeInvalidRequestError &&
  (error.statusCode === 404 || error.code === 'resource_missing');

/** Stripe's answer to creating an object whose id we chose and that exists already. */
export const isAlreadyMade = (error: unknown): boolean =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_already_exists';
