import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { sandboxPaymentMethods, sandboxSubscriptions } from './sandbox.table';
import type { PortalSessions } from './sandbox-subscriptions';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
const day = (d: Date) => d.toISOString().slice(0, 10);
const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

const sessionParams = z.strictObject({ session: z.string().max(2048) });
const cancelParams = z.strictObject({ session: z.string().max(2048), subscription: z.string().regex(/^sub_\w+$/) });

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title></head>
<body style="font-family:Arial,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#111">
<p style="color:#555">Sandbox payments: a stand-in for Stripe's customer portal. No real money moves.</p>
${body}</body></html>`;
}

/**
 * The sandbox's customer portal (Stripe's billing portal stand-in): the customer's saved cards and plans, with a
 * cancel button that stops renewal at the period's end, exactly as the fan's own unsubscribe does. The session id in
 * the URL is signed and short-lived; it is the only credential, as with Stripe's portal links.
 */
export const sandboxPortalRoutes: FastifyPluginAsyncZod<{
  db: Db;
  sessions: PortalSessions;
  /** The plans service's cancel (so the order and the provider change together). */
  cancel: (customerId: string, subscriptionId: string) => Promise<boolean>;
  /** Whether the fan's session (api key) the link was opened from is still live: revoked by sign-out or a new password. */
  keyActive: (keyId: number) => Promise<boolean>;
}> = async (app, { db, sessions, cancel, keyActive }) => {
  // The link ends with the session it was opened from; a link naming no session is not accepted.
  const live = async (token: string) => {
    const session = sessions.verify(token);
    return session?.keyId != null && (await keyActive(session.keyId)) ? session : null;
  };
  // The cancel button is a plain HTML form: accept its (empty) form body.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
    done(null, {}),
  );
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/sandbox-pay/portal/:session',
    { config: { access: 'none' }, schema: { hide: true, params: sessionParams } },
    async (request, reply) => {
      const session = await live(request.params.session);
      reply.type('text/html; charset=utf-8');
      if (!session) {
        return reply
          .code(404)
          .send(page('Link expired', '<h1>This link has expired</h1><p>Open the portal again from your profile.</p>'));
      }
      const cards = await db
        .select()
        .from(sandboxPaymentMethods)
        .where(eq(sandboxPaymentMethods.customerId, session.customerId))
        .orderBy(desc(sandboxPaymentMethods.createdAt));
      const subs = await db
        .select()
        .from(sandboxSubscriptions)
        .where(eq(sandboxSubscriptions.customerId, session.customerId))
        .orderBy(desc(sandboxSubscriptions.createdAt));
      const cardList = cards.length
        ? cards
            .map(
              (c) =>
                `<li>${esc(c.brand)} •••• ${esc(c.last4)}, expires ${String(c.expMonth).padStart(2, '0')}/${c.expYear}</li>`,
            )
            .join('')
        : '<li>No saved card</li>';
      const subList = subs.length
        ? subs
            .map((s) => {
              const name = esc(s.metadata.description ?? 'Plan');
              const price = `${money(s.amount, s.currency)} every ${s.intervalCount > 1 ? `${s.intervalCount} ` : ''}${s.interval}${s.intervalCount > 1 ? 's' : ''}`;
              const state =
                s.status === 'canceled' || s.status === 'incomplete'
                  ? `Ended`
                  : s.cancelAtPeriodEnd
                    ? `Cancelled: ends on ${day(s.currentPeriodEnd)}`
                    : `${s.status === 'trialing' ? 'Trial' : s.status === 'past_due' ? 'Payment failed, retrying' : 'Active'}: renews on ${day(s.currentPeriodEnd)}`;
              const button =
                s.status !== 'canceled' && s.status !== 'incomplete' && !s.cancelAtPeriodEnd
                  ? `<form method="post" action="/sandbox-pay/portal/${esc(request.params.session)}/cancel/${esc(s.id)}"><button type="submit">Cancel plan</button></form>`
                  : '';
              return `<li data-subscription="${esc(s.id)}"><strong>${name}</strong>, ${esc(price)}<br>${esc(state)}${button}</li>`;
            })
            .join('')
        : '<li>No plan</li>';
      return reply.send(
        page(
          'Your plans and cards',
          `<h1>Your plans and cards</h1><h2>Plans</h2><ul>${subList}</ul><h2>Saved cards</h2><ul>${cardList}</ul>
<p><a href="${esc(session.returnUrl)}">Back to the site</a></p>`,
        ),
      );
    },
  );

  app.post(
    '/sandbox-pay/portal/:session/cancel/:subscription',
    { config: { access: 'none' }, schema: { hide: true, params: cancelParams } },
    async (request, reply) => {
      const session = await live(request.params.session);
      if (!session)
        return reply
          .code(404)
          .type('text/html; charset=utf-8')
          .send(page('Link expired', '<h1>This link has expired</h1>'));
      const done = await cancel(session.customerId, request.params.subscription);
      if (!done)
        return reply.code(404).type('text/html; charset=utf-8').send(page('Not found', '<h1>No such plan</h1>'));
      return reply.redirect(`/sandbox-pay/portal/${encodeURIComponent(request.params.session)}`, 303);
    },
  );
};
