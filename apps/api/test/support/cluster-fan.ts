import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitUntil } from './system-suite';

/**
 * A fan of a running server or cluster, over HTTP only (what the browser does): sign in, save a test card at the
 * sandbox, buy a game, and the operator's `npm run refund` as its own process. For the suites that cannot reach
 * into the app (deploy/cluster).
 */
type Json = { data: Record<string, unknown> };

export function fanOf(baseUrl: string) {
  const send = async (method: string, url: string, body?: object) => {
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: (await res.json().catch(() => null)) as Json };
  };
  /** The answer's `data`, failing with the body when the status is not 2xx. */
  const api = async <T = Record<string, unknown>>(method: string, url: string, body?: object) => {
    const res = await send(method, url, body);
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.json)}`);
    return res.json.data as T;
  };
  // The sandbox's own endpoints answer Stripe's raw objects, not `{ data }`.
  const raw = async (url: string, body: object) => (await send('POST', url, body)).json as unknown as { id: string };

  return {
    send,
    api,
    async signIn(email: string, password: string) {
      const guest = await api('POST', '/api/get_api_key', { channel_key: 'hcn_demo_channel_key_localhost' });
      const session = await api('POST', '/api/v2/auth/login', { email, password, api_key: guest.api_key });
      return session.api_key as string;
    },
    /**
     * Buys with a newly saved 4242 card and waits until the order is Paid: one game (`eventId`, the single-game
     * package), or the package named `packageName`.
     */
    async buy(key: string, what: { eventId: number } | { packageName: string }): Promise<number> {
      const setup = await api('POST', '/api/stripe/setup-intent', { api_key: key });
      const method = await raw(`${setup.sandbox_url}/v1/payment_methods`, {
        key: setup.publishable_key,
        card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' },
      });
      const secret = setup.client_secret as string;
      // The card to pay with is the one the confirmation names: the account's saved one when the card was saved before.
      const confirmed = (await raw(`${setup.sandbox_url}/v1/setup_intents/${secret.split('_secret_')[0]}/confirm`, {
        client_secret: secret,
        payment_method: method.id,
      })) as unknown as { payment_method: string };
      const packages = await api<{ id: number; name: string; is_single_event: boolean }[]>(
        'GET',
        `/api/packages?no_limit=1&api_key=${key}`,
      );
      const pass = packages.find((p) => ('eventId' in what ? p.is_single_event : p.name === what.packageName));
      if (!pass) throw new Error(`no package for ${JSON.stringify(what)}`);
      const bought = await api('POST', '/api/stripe/buy', {
        api_key: key,
        ...('eventId' in what ? { event_id: what.eventId } : {}),
        package_id: pass.id,
        payment_method_id: confirmed.payment_method,
        idempotency_key: `cluster-fan-${randomBytes(6).toString('hex')}`,
      });
      const orderId = bought.order_id as number;
      await waitUntil(
        `order ${orderId} paid`,
        async () => (await api('GET', `/api/orders/${orderId}?api_key=${key}`)).status === 'Paid',
        30_000,
        250,
      );
      return orderId;
    },
  };
}

const API_DIR = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

/**
 * `npm run refund -- --order <id>` as the operator runs it: the built command in a process of its own, on the
 * deployment's database (and its Redis and jobs prefix when given). Resolves when it has exited with 0, with the
 * moment it said the order was refunded (its database write is done by then).
 */
export function operatorRefundCommand(env: Record<string, string>, orderId: number): Promise<{ refundedAt: number }> {
  const { DATABASE_URL: _d, REDIS_URL: _r, JOBS_PREFIX: _j, ...inherited } = process.env;
  const child = spawn(process.execPath, [path.join(API_DIR, 'dist/cli/refund.js'), '--order', String(orderId)], {
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let refundedAt = 0;
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    if (!refundedAt && out.includes('is now Refunded')) refundedAt = Date.now();
  });
  child.stderr.on('data', (d: Buffer) => {
    out += d.toString();
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) =>
      code === 0 && refundedAt ? resolve({ refundedAt }) : reject(new Error(`refund exited with ${code}: ${out}`)),
    );
  });
}
