import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useImperativeHandle, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../commerce.module.css';
import type { CardFormProps } from './card-collector';

// Stripe.js is fetched only when a fan on a Stripe channel adds a card or must authenticate a payment.
const loaded = new Map<string, Promise<Stripe | null>>();
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

/** A payment's authentication step (3-D Secure) on Stripe, in Stripe's own popup. */
export async function handleStripeNextAction(publishableKey: string, clientSecret: string): Promise<void> {
  const stripe = await stripeFor(publishableKey);
  if (!stripe) throw new Error('Stripe.js did not load');
  const result = await stripe.handleNextAction({ clientSecret });
  if (result.error) throw new Error(result.error.message ?? 'The authentication failed');
}

function StripeCard({ setup, ref }: CardFormProps) {
  const { t } = useTranslation('commerce');
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  useImperativeHandle(
    ref,
    () => ({
      collect: async () => {
        const card = elements?.getElement(CardElement);
        if (!stripe || !card) return null;
        const result = await stripe.confirmCardSetup(setup.client_secret, { payment_method: { card } });
        if (result.error) {
          setError(result.error.message ?? t('checkout.error'));
          card.focus();
          return null;
        }
        setError(null);
        const method = result.setupIntent.payment_method;
        const id = typeof method === 'string' ? method : method?.id;
        return id ? { paymentMethodId: id } : null;
      },
    }),
    [stripe, elements, setup, t],
  );
  return (
    <div className={styles.field}>
      <span className={styles.label}>{t('checkout.cardNumber')}</span>
      <div className={styles.input}>
        <CardElement options={{ hidePostalCode: true }} />
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** Stripe Elements' card field, for a channel on real Stripe; the card never touches this site's pages. */
export default function StripeCardForm(props: CardFormProps) {
  return (
    <Elements stripe={stripeFor(props.setup.publishable_key)}>
      <StripeCard {...props} />
    </Elements>
  );
}
