import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyPlan } from '../../../test/support/plans';
import { caller, createTestApp, type Inject, type TestApp } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { sandboxSubscriptions } from './sandbox.table';

/** The sandbox's customer portal link is a credential: it ends with the fan's session, not 30 minutes later. */
describe.each(dbKinds())("the sandbox's portal link on %s", (kind) => {
  let t: TestApp;
  let call: Inject;
  beforeAll(async () => {
    t = await createTestApp(kind, { AUTH_RATE_LIMIT_MAX: '1000', BILLING_SWEEP_MS: '0' });
    call = caller(t.app);
  }, 60_000);
  afterAll(() => t.close());

  /** A fan with a saved card and a running plan at the sandbox, and the portal link their session opens. */
  async function fanWithPortal(email: string) {
    const { key, order } = await buyPlan(t, { email, now: new Date() });
    const plan = { id: order.providerSubscriptionId as string };
    const res = await call({ url: '/api/stripe/customer-portal', key });
    expect(res.statusCode).toBe(200);
    const link = new URL(res.json().data.url).pathname;
    const page = await t.app.inject({ url: link });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(plan.id);
    return { key, link, subscriptionId: plan.id };
  }

  const cancelFrom = (link: string, subscriptionId: string) =>
    t.app.inject({
      method: 'POST',
      url: `${link}/cancel/${subscriptionId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
  const cancelsAtPeriodEnd = async (id: string) =>
    (await t.database.db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, id)))[0]
      ?.cancelAtPeriodEnd;

  it('is dead after sign-out: the page says it expired and its cancel button changes nothing', async () => {
    const { key, link, subscriptionId } = await fanWithPortal('portal-logout@example.org');
    expect((await call({ method: 'POST', url: '/api/auth/logout', key })).statusCode).toBe(200);

    const page = await t.app.inject({ url: link });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('This link has expired');
    expect(page.body).not.toContain(subscriptionId);
    expect((await cancelFrom(link, subscriptionId)).statusCode).toBe(404);
    expect(await cancelsAtPeriodEnd(subscriptionId)).toBe(false);
  });

  it('is dead after a password change (every session of the fan ends)', async () => {
    const { key, link, subscriptionId } = await fanWithPortal('portal-password@example.org');
    const changed = await call({
      method: 'POST',
      url: '/api/profile',
      key,
      body: {
        _method: 'patch',
        current_password: 'correct horse 1',
        password: 'a brand new pass 2',
        password_confirmation: 'a brand new pass 2',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.api_key).toEqual(expect.any(String));

    expect((await t.app.inject({ url: link })).statusCode).toBe(404);
    expect((await cancelFrom(link, subscriptionId)).statusCode).toBe(404);
    expect(await cancelsAtPeriodEnd(subscriptionId)).toBe(false);
  });

  it('still works while the session lives: its cancel button stops the renewal', async () => {
    const { link, subscriptionId } = await fanWithPortal('portal-live@example.org');
    expect((await cancelFrom(link, subscriptionId)).statusCode).toBe(303);
    expect(await cancelsAtPeriodEnd(subscriptionId)).toBe(true);
  });
});
