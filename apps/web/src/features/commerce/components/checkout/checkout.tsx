import type { InvoicePreviewBody, Pass, SetupIntent } from '@sideline/contract/commerce';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { channelFile } from '@/config/channel';
import { paths } from '@/config/paths';
import { i18next } from '@/lib/i18n';
import { SESSION_SCOPE } from '@/lib/query-client';
import type { CheckoutCall } from '../../api/buy';
import { usePasses } from '../../api/get-passes';
import { useInvoicePreview } from '../../api/invoice-preview';
import { useSavedCards } from '../../api/list-cards';
import { createSetupIntent } from '../../api/setup-intent';
import { usePayment } from '../../hooks/use-payment';
import { useMoney } from '../../hooks/use-price-title';
import { pendingOrderFor, rememberCheckout, rememberCheckoutItems } from '../../utils/checkout-memory';
import { checkoutItems, trackEcommerce } from '../../utils/ecommerce';
import { errorText } from '../../utils/error-text';
import {
  afterPurchaseHref,
  buyHref,
  type Purchase,
  purchaseKind,
  purchaseQuery,
  singleEventPackage,
} from '../../utils/purchase';
import styles from '../commerce.module.css';
import type { CardCollector } from './card-collector';
import { CouponForm, SummaryLines } from './order-summary';
import { NEW_CARD, PaymentMethods } from './payment-methods';

type Props = {
  /** What the address asks to buy (null: nothing). */
  purchase: Purchase | null;
  signedIn: boolean;
  /** `order_id` of the address: back from a card's authentication step. */
  orderId: number | null;
};

/** Stripe's publishable key when the channel pays through Stripe: the setup intent says, else the channel file. */
function stripePublishableKey(setup: SetupIntent | undefined): string | null {
  if (setup) return setup.provider === 'stripe' ? setup.publishable_key : null;
  try {
    return channelFile().providers.stripe?.publishable_key ?? null;
  } catch {
    return null;
  }
}

/** A game's purchase names its single-event package; an address without one gets the channel's. */
function completePurchase(purchase: Purchase, passes: readonly Pass[]): Purchase | null {
  if (!purchase.event_id || purchase.package_id) return purchase;
  const single = singleEventPackage(passes);
  return single ? { ...purchase, package_id: single.id } : null;
}

/**
 * `/buy`: what is bought (the server's invoice preview), the promo code, the card (a saved one or a new one,
 * through the provider's own form), Pay, then the payment's states until the order is paid and the fan is back
 * at what they bought. A guest is asked to sign in first and comes back here.
 */
export function Checkout({ purchase, signedIn, orderId }: Props) {
  const { t } = useTranslation('commerce');
  if (!purchase) {
    return (
      <EmptyState
        level={2}
        title={t('checkout.nothing')}
        message={t('checkout.nothingMessage')}
        actions={
          <Link to={paths.packages.href()} className="button button-solid">
            {t('select.seePasses')}
          </Link>
        }
      />
    );
  }
  if (!signedIn) return <GuestCheckout href={buyHref(purchase)} />;
  return <SignedInCheckout purchase={purchase} orderId={orderId} />;
}

function GuestCheckout({ href }: { href: string }) {
  const { t } = useTranslation('commerce');
  useEffect(() => rememberCheckout(href), [href]);
  return (
    <EmptyState
      level={2}
      title={t('checkout.guestTitle')}
      message={t('checkout.guestMessage')}
      actions={
        <>
          <Link to={paths.registration.href()} className="button button-solid">
            {t('checkout.register')}
          </Link>
          <Link to={paths.login.href()} className="button button-outline">
            {t('checkout.signIn')}
          </Link>
        </>
      }
    />
  );
}

function SignedInCheckout({ purchase: asked, orderId }: { purchase: Purchase; orderId: number | null }) {
  const passes = usePasses();
  const purchase = completePurchase(asked, passes);
  if (!purchase) {
    return (
      <p className={styles.error} role="alert">
        {i18next.t('serverErrors.single_event_package_required', { ns: 'accounts' })}
      </p>
    );
  }
  const query = purchaseQuery(purchase);
  // Keyed by the purchase: another purchase is a new checkout.
  return (
    <PayForm
      key={query}
      purchase={purchase}
      query={query}
      passes={passes}
      orderId={orderId ?? pendingOrderFor(query)}
    />
  );
}

function PayForm({
  purchase,
  query,
  passes,
  orderId: resumeOrderId,
}: {
  purchase: Purchase;
  query: string;
  passes: readonly Pass[];
  orderId: number | null;
}) {
  const { t } = useTranslation('commerce');
  const money = useMoney();
  const [coupon, setCoupon] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [methodError, setMethodError] = useState(false);
  const collector = useRef<CardCollector>(null);
  const methods = useRef<HTMLFieldSetElement>(null);
  const kind = purchaseKind(purchase);
  const passId = purchase.subscription_id ?? purchase.package_id;
  const plan =
    kind === 'subscription' ? (passes.find((p) => p.kind === 'subscription' && p.id === passId) ?? null) : null;

  const setup = useQuery({
    queryKey: [SESSION_SCOPE, 'commerce', 'setup-intent', query] as const,
    queryFn: createSetupIntent,
    enabled: selected === NEW_CARD,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

  // Stripe's own authentication step, for a channel on Stripe only: the sandbox sends the fan to its page
  // (next_action_url) instead, and Stripe.js is never loaded for it.
  const stripeKey = stripePublishableKey(setup.data);
  const nextAction = useMemo(
    () =>
      stripeKey
        ? async (clientSecret: string) => {
            const { handleStripeNextAction } = await import('./stripe-card-form');
            await handleStripeNextAction(stripeKey, clientSecret);
          }
        : undefined,
    [stripeKey],
  );

  const payment = usePayment({
    purchaseQuery: query,
    doneHref: afterPurchaseHref(purchase),
    resumeOrderId,
    handleNextAction: nextAction,
  });
  // Back from the authentication step: only the order's outcome is shown until it is known.
  const orderId = resumeOrderId !== null && payment.following ? resumeOrderId : null;
  const body: InvoicePreviewBody = { ...purchase, ...(coupon ? { coupon } : {}) };
  const preview = useInvoicePreview(orderId ? null : body);
  const cards = useSavedCards(!orderId);

  // The default saved card is chosen for the fan; with none saved, "A new card" is the only choice, so it is chosen.
  const savedCards = cards.data ?? [];
  const defaultCard = savedCards.find((c) => c.is_default) ?? savedCards[0];
  const cardsKnown = cards.isSuccess;
  useEffect(() => {
    if (defaultCard) setSelected((s) => s ?? defaultCard.id);
    else if (cardsKnown) setSelected((s) => s ?? NEW_CARD);
  }, [defaultCard, cardsKnown]);

  const items = preview.data ? checkoutItems(purchase, preview.data.lines) : undefined;
  const shownOnce = useRef(false);
  useEffect(() => {
    if (!preview.data || !items || shownOnce.current) return;
    shownOnce.current = true;
    rememberCheckoutItems(query, items);
    trackEcommerce({
      name: 'begin_checkout',
      params: { currency: preview.data.currency, value: preview.data.total, items },
    });
  }, [preview.data, items, query]);

  // GA4's add_payment_info: when the fan picks a card, or pays with the one chosen for them.
  const paymentInfoFor = useRef<string | null>(null);
  const paymentInfo = (id: string) => {
    if (!preview.data || !items || paymentInfoFor.current === id) return;
    paymentInfoFor.current = id;
    trackEcommerce({
      name: 'add_payment_info',
      params: {
        currency: preview.data.currency,
        value: preview.data.total,
        payment_type: id === NEW_CARD ? 'new_card' : 'saved_card',
        items,
      },
    });
  };
  const choose = (id: string) => {
    setSelected(id);
    setMethodError(false);
    paymentInfo(id);
  };

  const trial = !!preview.data?.trial_days && kind === 'subscription';
  const call: CheckoutCall = trial ? 'start_trial' : purchase.additional?.length ? 'buy_bundle' : 'buy';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!selected) {
      setMethodError(true);
      // Where the choice is made, so the message is read with it.
      methods.current?.querySelector('input')?.focus();
      return;
    }
    if (!payment.start()) return;
    paymentInfo(selected);
    let paymentMethodId = selected;
    if (selected === NEW_CARD) {
      try {
        const card = await collector.current?.collect();
        if (!card) {
          payment.release();
          return;
        }
        paymentMethodId = card.paymentMethodId;
      } catch (error) {
        payment.fail(error instanceof Error && !('status' in error) ? error.message : errorText(error));
        return;
      }
    }
    await payment.pay(call, {
      ...purchase,
      ...(coupon && !trial ? { coupon } : {}),
      payment_method_id: paymentMethodId,
    });
  };

  const noMethod = methodError;
  const { phase, message } = payment.state;

  return (
    <div className={styles.checkout}>
      <section className={styles.panel} aria-labelledby="checkout-summary">
        <h2 id="checkout-summary">{t('checkout.summary')}</h2>
        {preview.data ? (
          <SummaryLines preview={preview.data} plan={plan} />
        ) : preview.error ? (
          <p className={styles.error} role="alert">
            {errorText(preview.error)}
          </p>
        ) : (
          !orderId && (
            <p className={styles.muted} role="status">
              {t('checkout.loading')}
            </p>
          )
        )}
        {!orderId && !trial && <CouponForm passId={passId} applied={coupon} onApplied={setCoupon} />}
        <p className={styles.muted}>{t('checkout.salesFinal')}</p>
      </section>
      <form className={styles.panel} onSubmit={(e) => void submit(e)} noValidate aria-labelledby="checkout-payment">
        <h2 id="checkout-payment">{t('checkout.payment')}</h2>
        {!orderId && (
          <PaymentMethods
            cards={savedCards}
            selected={selected}
            onSelect={choose}
            setup={setup.data}
            setupFailed={setup.error ? errorText(setup.error) : null}
            collector={collector}
            ref={methods}
            describedBy={noMethod ? 'checkout-no-method' : undefined}
          />
        )}
        {noMethod && (
          <p id="checkout-no-method" className={styles.error} role="alert">
            {t('checkout.noPaymentMethod')}
          </p>
        )}
        <p
          className={phase === 'error' ? styles.error : styles.status}
          role={phase === 'error' ? 'alert' : 'status'}
          data-phase={phase}
        >
          {message}
        </p>
        {phase !== 'success' && !(orderId && phase === 'processing') && (
          <button
            type="submit"
            className="button button-solid"
            aria-disabled={payment.busy || !preview.data || undefined}
            disabled={!preview.data && !orderId}
          >
            {trial
              ? t('checkout.startTrial')
              : t('checkout.pay', {
                  amount: preview.data ? money.amount(preview.data.total, preview.data.currency) : '',
                })}
          </button>
        )}
      </form>
    </div>
  );
}
