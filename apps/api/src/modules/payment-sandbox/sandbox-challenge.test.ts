import { checkoutResultSchema, orderSchema } from '@sideline/contract/commerce';
import { describe, expect, it } from 'vitest';
import { buy, CARDS, commerceSuite, newBuyer, pricedGame, saveCard } from '../../../test/support/commerce';
import type { Inject } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';

/** The sandbox's authentication page answers the checkout's return URL with what really happened to the payment. */
describe.each(dbKinds())("the sandbox's challenge result on %s", (kind) => {
  const suite = commerceSuite(kind, { SANDBOX_SETTLE_MS: '0' });
  const call: Inject = (req) => suite.call(req);

  /** Presses a button of the challenge page (a plain form POST) and reads where the 303 sends the fan. */
  async function answer(link: string, outcome: 'complete' | 'fail') {
    const secret = new URL(link, 'http://localhost').searchParams.get('client_secret') as string;
    const res = await suite.t.app.inject({
      method: 'POST',
      url: link.split('?')[0] as string,
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost' },
      payload: `client_secret=${encodeURIComponent(secret)}&outcome=${outcome}`,
    });
    expect(res.statusCode).toBe(303);
    return new URL(String(res.headers.location), 'http://localhost').searchParams;
  }

  const challengedGame = async (key: string, paymentMethodId: string) => {
    const game = await pricedGame(suite.t, 'paid');
    const body = { event_id: game.id, package_id: suite.cat.single.id, payment_method_id: paymentMethodId };
    const left = checkoutResultSchema.parse((await buy(call, key, body)).json().data);
    expect(left.next_action_url).toMatch(/^\/sandbox-pay\/authenticate\//);
    return { body, left, link: left.next_action_url as string };
  };

  it('approving the challenge of an attempt a newer one replaced redirects with redirect_status=failed', async () => {
    const fan = await newBuyer(suite.t, 'replaced');
    const challenged = await saveCard(call, fan.key, CARDS.authenticate);
    const { body, left, link } = await challengedGame(fan.key, challenged);
    const plain = await saveCard(call, fan.key, CARDS.ok);
    const fresh = await buy(call, fan.key, { ...body, payment_method_id: plain });
    expect(fresh.statusCode).toBe(200);

    const query = await answer(link, 'complete');
    const paymentId = link.split('?')[0]?.split('/').pop();
    expect(query.get('payment_intent')).toBe(paymentId);
    expect(query.get('redirect_status')).toBe('failed');
    await suite.t.services.payments.runDue();
    const old = orderSchema.parse((await call({ url: `/api/orders/${left.order_id}`, key: fan.key })).json().data);
    expect(old.status).toBe('Failed');
  });

  const cards = async (key: string) => {
    const res = await call({ url: '/api/stripe/list-cards', key });
    expect(res.statusCode).toBe(200);
    return res.json().data as { id: string; last4: string; is_default: boolean }[];
  };

  it('a card whose authentication was refused is not kept: not listed, not the default', async () => {
    const fan = await newBuyer(suite.t, 'refused-card');
    const plain = await saveCard(call, fan.key, CARDS.ok);
    const challenged = await saveCard(call, fan.key, CARDS.authenticate);
    const { link } = await challengedGame(fan.key, challenged);
    await answer(link, 'fail');
    expect((await cards(fan.key)).map((c) => [c.id, c.last4, c.is_default])).toEqual([[plain, '4242', true]]);

    // Approved, the same kind of card stays saved.
    const other = await newBuyer(suite.t, 'approved-card');
    const kept = await saveCard(call, other.key, CARDS.authenticate);
    await answer((await challengedGame(other.key, kept)).link, 'complete');
    expect((await cards(other.key)).map((c) => [c.id, c.is_default])).toEqual([[kept, true]]);
  });

  it('a live challenge approved says succeeded, refused says failed', async () => {
    const fan = await newBuyer(suite.t, 'live');
    const card = await saveCard(call, fan.key, CARDS.authenticate);
    const approved = await challengedGame(fan.key, card);
    expect((await answer(approved.link, 'complete')).get('redirect_status')).toBe('succeeded');

    const other = await newBuyer(suite.t, 'refuse');
    const refusedCard = await saveCard(call, other.key, CARDS.authenticate);
    const refused = await challengedGame(other.key, refusedCard);
    expect((await answer(refused.link, 'fail')).get('redirect_status')).toBe('failed');
  });
});
