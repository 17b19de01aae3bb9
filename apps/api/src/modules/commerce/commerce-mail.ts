import { LANGUAGES, type Language } from '@sideline/contract/constants';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fillTemplate } from '../../lib/fill-template';
import { escapeHtml } from '../../lib/html';
import { users } from '../auth/users.table';
import { channels } from '../channel/channel.table';
import type { MailMessage, MailOutbox } from '../mail';
import { orders, transactions } from './orders.table';

type Copy = {
  receipt: { subject: string; intro: string; amount: string; card: string; renews: string; final: string };
  trialStarted: { subject: string; intro: string; charge: string };
  trialEnding: { subject: string; intro: string; charge: string; cancel: string };
  failed: { subject: string; intro: string; retry: string; last: string; card: string };
};

/** The payment mails in every interface language; `{…}` placeholders are filled in. */
const COPY: Record<Language, Copy> = {
  en: {
    receipt: {
      subject: 'Your {channel} receipt: {name}',
      intro: 'Thank you! We received your payment for {name}.',
      amount: 'Amount paid: {amount}',
      card: 'Card: {brand} ending in {last4}',
      renews: 'Your plan renews on {date} unless you cancel it before then.',
      final: 'All sales are final.',
    },
    trialStarted: {
      subject: 'Your {channel} free trial of {name} has started',
      intro: 'Your free trial of {name} has started: nothing is charged today.',
      charge:
        'On {date} your saved card will be charged {amount}, then at each renewal, unless you cancel the renewal from your profile (My subscriptions) before then.',
    },
    trialEnding: {
      subject: 'Your {channel} trial ends on {date}',
      intro: 'Your free trial of {name} ends on {date}.',
      charge: 'On that day your saved card will be charged {amount}, and then at each renewal.',
      cancel: 'Not staying? Cancel the renewal from your profile (My subscriptions) before {date}; nothing is charged.',
    },
    failed: {
      subject: 'Your {channel} payment for {name} failed',
      intro: 'We could not charge {amount} to your card for {name} (attempt {attempt}).',
      retry: 'We will try again on {date}. To avoid losing access, update your card from your profile.',
      last: 'This was the last attempt: your plan has ended. You can subscribe again at any time.',
      card: 'Card: {brand} ending in {last4}',
    },
  },
  fr: {
    receipt: {
      subject: 'Votre reçu {channel} : {name}',
      intro: 'Merci ! Nous avons bien reçu votre paiement pour {name}.',
      amount: 'Montant payé : {amount}',
      card: 'Carte : {brand} se terminant par {last4}',
      renews: 'Votre abonnement sera renouvelé le {date}, sauf si vous l’annulez avant.',
      final: 'Toutes les ventes sont définitives.',
    },
    trialStarted: {
      subject: 'Votre essai gratuit {channel} de {name} a commencé',
      intro: 'Votre essai gratuit de {name} a commencé : rien n’est débité aujourd’hui.',
      charge:
        'Le {date}, votre carte enregistrée sera débitée de {amount}, puis à chaque renouvellement, sauf si vous annulez le renouvellement depuis votre profil (Mes abonnements) avant cette date.',
    },
    trialEnding: {
      subject: 'Votre essai {channel} se termine le {date}',
      intro: 'Votre essai gratuit de {name} se termine le {date}.',
      charge: 'Ce jour-là, votre carte enregistrée sera débitée de {amount}, puis à chaque renouvellement.',
      cancel:
        'Vous ne restez pas ? Annulez le renouvellement depuis votre profil (Mes abonnements) avant le {date} : rien ne sera débité.',
    },
    failed: {
      subject: 'Le paiement {channel} pour {name} a échoué',
      intro: 'Nous n’avons pas pu débiter {amount} sur votre carte pour {name} (tentative {attempt}).',
      retry: 'Nous réessaierons le {date}. Pour garder votre accès, mettez à jour votre carte depuis votre profil.',
      last: 'C’était la dernière tentative : votre abonnement a pris fin. Vous pouvez vous réabonner à tout moment.',
      card: 'Carte : {brand} se terminant par {last4}',
    },
  },
  bg: {
    receipt: {
      subject: 'Вашата разписка от {channel}: {name}',
      intro: 'Благодарим ви! Получихме плащането ви за {name}.',
      amount: 'Платена сума: {amount}',
      card: 'Карта: {brand}, завършваща на {last4}',
      renews: 'Абонаментът ви се подновява на {date}, освен ако не го откажете преди това.',
      final: 'Всички продажби са окончателни.',
    },
    trialStarted: {
      subject: 'Безплатният ви пробен период в {channel} за {name} започна',
      intro: 'Безплатният ви пробен период за {name} започна: днес нищо не се таксува.',
      charge:
        'На {date} от запазената ви карта ще бъдат изтеглени {amount}, а след това при всяко подновяване, освен ако не откажете подновяването от профила си (Моите абонаменти) преди това.',
    },
    trialEnding: {
      subject: 'Пробният ви период в {channel} изтича на {date}',
      intro: 'Безплатният ви пробен период за {name} изтича на {date}.',
      charge: 'Тогава от запазената ви карта ще бъдат изтеглени {amount}, а след това при всяко подновяване.',
      cancel:
        'Не искате да продължите? Откажете подновяването от профила си (Моите абонаменти) преди {date}; нищо няма да бъде изтеглено.',
    },
    failed: {
      subject: 'Плащането ви в {channel} за {name} не бе успешно',
      intro: 'Не успяхме да изтеглим {amount} от картата ви за {name} (опит {attempt}).',
      retry: 'Ще опитаме отново на {date}. За да запазите достъпа си, обновете картата си от профила.',
      last: 'Това беше последният опит: абонаментът ви приключи. Можете да се абонирате отново по всяко време.',
      card: 'Карта: {brand}, завършваща на {last4}',
    },
  },
};

const LOCALE: Record<Language, string> = { en: 'en-US', fr: 'fr-FR', bg: 'bg-BG' };

const esc = escapeHtml;

function render(to: string, channel: string, subject: string, lines: string[]): MailMessage {
  return {
    to,
    fromName: channel,
    subject,
    text: `${lines.join('\n\n')}\n`,
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111">
${lines.map((l) => `<p>${esc(l)}</p>`).join('\n')}
</body></html>`,
  };
}

/**
 * Receipt, trial-ending and failed-payment mails, queued in the durable outbox in the caller's transaction, in the
 * fan's language (which starts as the channel's), amounts and dates in that language's format.
 */
export function createCommerceMail({ db, mail }: { db: Db; mail: Pick<MailOutbox, 'enqueue'> }) {
  async function context(orderId: number, tx: Db) {
    const [row] = await tx
      .select({
        order: orders,
        email: users.email,
        userLanguage: users.language,
        channel: channels.name,
        channelLanguage: channels.language,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .innerJoin(channels, eq(channels.id, orders.channelId))
      .where(eq(orders.id, orderId))
      .limit(1);
    if (!row) return null;
    const pick = (l: string) => (LANGUAGES as readonly string[]).includes(l);
    const language = (
      pick(row.userLanguage) ? row.userLanguage : pick(row.channelLanguage) ? row.channelLanguage : 'en'
    ) as Language;
    const locale = LOCALE[language];
    const money = (cents: number, currency: string) =>
      new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
    const day = (d: Date) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(d);
    const fill = (s: string, values: Record<string, string>) =>
      fillTemplate(s, { channel: row.channel, name: row.order.name, ...values });
    return { ...row, copy: COPY[language], money, day, fill };
  }

  /** What a plan charges at each renewal (a trial order itself was free). */
  const planPrice = (o: typeof orders.$inferSelect) => o.subtotalCents - o.discountCents + o.serviceFeeCents;

  return {
    /** The receipt of an order's latest paid payment (first charge or renewal). Call it in the paying transaction. */
    async receipt(orderId: number, tx: Db = db): Promise<void> {
      const c = await context(orderId, tx);
      if (!c) return;
      const [paid] = await tx
        .select()
        .from(transactions)
        .where(and(eq(transactions.orderId, orderId), eq(transactions.status, 'paid')))
        .orderBy(desc(transactions.createdAt), desc(transactions.id))
        .limit(1);
      if (!paid && c.order.trialEnd) {
        // A trial moved no money: no receipt, but what was started and when the first charge comes.
        const t = c.copy.trialStarted;
        const values = { date: c.day(c.order.trialEnd), amount: c.money(planPrice(c.order), c.order.currency) };
        const lines = [c.fill(t.intro, values), c.fill(t.charge, values), c.copy.receipt.final];
        await mail.enqueue(render(c.email, c.channel, c.fill(t.subject, values), lines), tx);
        return;
      }
      const amount = paid?.amountCents ?? c.order.amountCents;
      const currency = paid?.currency ?? c.order.currency;
      const t = c.copy.receipt;
      const lines = [c.fill(t.intro, {}), c.fill(t.amount, { amount: c.money(amount, currency) })];
      if (paid?.cardBrand && paid.cardLast4) {
        lines.push(c.fill(t.card, { brand: paid.cardBrand, last4: paid.cardLast4 }));
      }
      if (c.order.autoRenewal === 'Active' && c.order.currentPeriodEnd) {
        lines.push(c.fill(t.renews, { date: c.day(c.order.currentPeriodEnd) }));
      }
      lines.push(t.final);
      await mail.enqueue(render(c.email, c.channel, c.fill(t.subject, {}), lines), tx);
    },

    /** Three days before a trial ends: when, how much, how to cancel. */
    async trialEnding(orderId: number, trialEnd: Date, tx: Db = db): Promise<void> {
      const c = await context(orderId, tx);
      if (!c) return;
      const t = c.copy.trialEnding;
      const values = { date: c.day(trialEnd), amount: c.money(planPrice(c.order), c.order.currency) };
      const lines = [c.fill(t.intro, values), c.fill(t.charge, values), c.fill(t.cancel, values)];
      await mail.enqueue(render(c.email, c.channel, c.fill(t.subject, values), lines), tx);
    },

    /** Each failed renewal attempt: the amount, the attempt and when the next one is (none: the plan ended). */
    async failedPayment(
      orderId: number,
      failure: { amount: number; currency: string; attempt: number; nextAttemptAt: Date | null },
      tx: Db = db,
    ): Promise<void> {
      const c = await context(orderId, tx);
      if (!c) return;
      const t = c.copy.failed;
      const values = {
        amount: c.money(failure.amount, failure.currency || c.order.currency),
        attempt: String(failure.attempt),
        date: failure.nextAttemptAt ? c.day(failure.nextAttemptAt) : '',
      };
      const lines = [c.fill(t.intro, values), failure.nextAttemptAt ? c.fill(t.retry, values) : t.last];
      await mail.enqueue(render(c.email, c.channel, c.fill(t.subject, values), lines), tx);
    },
  };
}
export type CommerceMail = ReturnType<typeof createCommerceMail>;
