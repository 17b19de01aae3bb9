import {
  type SandboxCardBody,
  sandboxConfirmSetupBodySchema,
  sandboxPaymentMethodSchema,
  sandboxSetupIntentSchema,
} from '@sideline/contract/commerce';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-error';

/** The sandbox's refusals that the fan reads in their own language (the order API's codes for the same cases). */
const TRANSLATED_CODES = new Set(['card_declined', 'card_invalid']);

/** The sandbox refused the card (its `error.message`, e.g. the number is not valid). */
export class SandboxCardError extends Error {
  override readonly name = 'SandboxCardError';
}

async function postJson<T extends z.ZodType>(url: string, body: unknown, schema: T): Promise<z.infer<T>> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const error = (json as { error?: { code?: unknown; message?: unknown } } | null)?.error;
    if (typeof error?.code === 'string' && TRANSLATED_CODES.has(error.code))
      throw ApiError.fromResponse(res.status, json, url);
    const message = error?.message;
    throw new SandboxCardError(typeof message === 'string' ? message : `HTTP ${res.status}`);
  }
  return schema.parse(json);
}

const endpoint = (sandboxUrl: string, path: string) => `${sandboxUrl.replace(/\/+$/, '')}${path}`;

/** A setup intent's id is its client secret's part before `_secret_` (as Stripe writes them). */
export const setupIntentId = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? clientSecret;

/**
 * The sandbox's stand-in for Stripe.js: the card number goes to the sandbox's own tokenising endpoint (never to
 * the order API), which answers a payment method; the setup intent is then confirmed with it. Resolves with the
 * payment method's id (`pm_…`), which is all the order API ever sees.
 */
export async function saveSandboxCard(
  sandboxUrl: string,
  clientSecret: string,
  body: SandboxCardBody,
): Promise<{ id: string; brand: string; last4: string }> {
  const method = await postJson(endpoint(sandboxUrl, '/v1/payment_methods'), body, sandboxPaymentMethodSchema);
  const confirm = sandboxConfirmSetupBodySchema.parse({ client_secret: clientSecret, payment_method: method.id });
  const intent = await postJson(
    endpoint(sandboxUrl, `/v1/setup_intents/${encodeURIComponent(setupIntentId(clientSecret))}/confirm`),
    confirm,
    sandboxSetupIntentSchema,
  );
  if (intent.status !== 'succeeded') throw new SandboxCardError('The card could not be saved');
  return { id: intent.payment_method ?? method.id, brand: method.card.brand, last4: method.card.last4 };
}
