import { rm } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningServer, seededDataDir, startServer, stopServer } from '../../../test/support/server-process';

type Json = { data: Record<string, unknown> };

/**
 * The real server killed with SIGKILL between a fan's payment and its confirmation: the payment the sandbox
 * acknowledged is confirmed after the restart, once. (The in-process variant is `checkout-restart.test.ts`.)
 */
describe('a payment survives kill -9 of the server', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  it('a checkout acknowledged before the kill ends Paid with one transaction after the restart', async () => {
    const dataDir = await seededDataDir('checkout-kill');
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    // A confirmation due well after the kill.
    const env = { DEMO_MEDIA: 'false', LIVE_SIMULATOR: 'false', SANDBOX_SETTLE_MS: '5000' };
    const first = await startServer(dataDir, env);
    cleanup.push(() => stopServer(first, 'SIGKILL'));
    const call = (server: RunningServer) => async (method: string, path: string, body?: object) => {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: body ? { 'content-type': 'application/json' } : {},
        body: body ? JSON.stringify(body) : undefined,
      });
      const json = (await res.json()) as Json;
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
      return json.data;
    };
    const api = call(first);
    const guest = (await api('POST', '/api/get_api_key', { channel_key: 'hcn_demo_channel_key_localhost' })).api_key;
    const key = (
      await api('POST', '/api/v2/auth/login', {
        email: 'fan@heartland.example',
        password: 'Sideline-demo-1',
        api_key: guest,
      })
    ).api_key as string;
    const setup = await api('POST', '/api/stripe/setup-intent', { api_key: key });
    // The sandbox's endpoints answer Stripe's raw objects, not `{ data }`.
    const raw = async (path: string, body: object) =>
      (await (
        await fetch(`${first.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json()) as { id: string };
    const method = await raw(`${setup.sandbox_url}/v1/payment_methods`, {
      key: setup.publishable_key,
      card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' },
    });
    const secret = setup.client_secret as string;
    await raw(`${setup.sandbox_url}/v1/setup_intents/${secret.split('_secret_')[0]}/confirm`, {
      client_secret: secret,
      payment_method: method.id,
    });
    const packages = (await api('GET', `/api/packages?no_limit=1&api_key=${key}`)) as unknown as Array<{
      id: number;
      is_single_event: boolean;
    }>;
    const single = packages.find((p) => p.is_single_event);
    const events = (await api('GET', `/api/events?limit=100&api_key=${key}`)) as unknown as Array<{
      id: number;
      type: string;
      has_access: boolean;
    }>;
    const game = events.find((e) => e.type === 'paid' && !e.has_access);
    if (!single || !game) throw new Error('the demo has no paid game for sale');

    const bought = await api('POST', '/api/stripe/buy', {
      api_key: key,
      event_id: game.id,
      package_id: single.id,
      payment_method_id: method.id,
      idempotency_key: 'kill-test-checkout-1',
    });
    expect(bought.status).toBe('Pending');
    await stopServer(first, 'SIGKILL');

    const second = await startServer(dataDir, env);
    cleanup.push(() => stopServer(second, 'SIGKILL'));
    const again = call(second);
    const until = Date.now() + 30_000;
    let order = await again('GET', `/api/orders/${bought.order_id}?api_key=${key}`);
    while (order.status !== 'Paid' && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 250));
      order = await again('GET', `/api/orders/${bought.order_id}?api_key=${key}`);
    }
    expect(order).toMatchObject({ status: 'Paid', activity_status: 'Active', event_id: game.id });
    const transactions = (await again('GET', `/api/transactions?no_limit=1&api_key=${key}`)) as unknown as Array<{
      order_id: number;
      status: string;
    }>;
    expect(transactions.filter((t) => t.order_id === bought.order_id)).toEqual([
      expect.objectContaining({ status: 'paid' }),
    ]);
    const event = await again('GET', `/api/events/${game.id}?api_key=${key}`);
    expect(event.has_access).toBe(true);
  }, 240_000);
});
