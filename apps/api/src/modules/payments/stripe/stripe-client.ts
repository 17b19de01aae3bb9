import Stripe from 'stripe';
import type { Config } from '../../../config/env';

export type StripeClientOptions = {
  /**
   * Retries of a call that failed on the network or with a 5xx. Safe for calls that move money: the SDK sends the
   * same idempotency key on every retry (ours, or one it makes for a POST without one).
   */
  maxNetworkRetries?: number;
  /** How long one call may take, in ms; a fan waits on it behind the Pay button. */
  timeout?: number;
};

/**
 * The official SDK, pinned to the API version it was built for (its types describe that version only), and sent
 * to `STRIPE_API_URL` when set: tests point it at a local stand-in, since this machine cannot reach Stripe.
 */
export function createStripeClient(config: Config, options: StripeClientOptions = {}): Stripe {
  if (!config.STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY is not set');
  return new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeout ?? 20_000,
    // Latency telemetry is the only thing it sends; a self-hosted platform does not need to.
    telemetry: false,
    appInfo: { name: 'Sideline' },
    ...(config.STRIPE_API_URL ? apiAddress(config.STRIPE_API_URL) : {}),
  });
}

function apiAddress(url: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}
