import type { SavedCard, SetupIntent } from '@sideline/contract/commerce';
import { lazy, type Ref, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../commerce.module.css';
import type { CardCollector } from './card-collector';
import { SandboxCardForm } from './sandbox-card-form';

// Stripe Elements and Stripe.js come only with a Stripe channel's new card.
const StripeCardForm = lazy(() => import('./stripe-card-form'));

export const NEW_CARD = 'new';

/** A saved card as a fan reads it: `Visa •••• 4242, expires 12/30`. */
export function useCardLabel() {
  const { t } = useTranslation('commerce');
  return (card: SavedCard) =>
    t('checkout.savedCard', {
      brand: card.brand.charAt(0).toUpperCase() + card.brand.slice(1),
      last4: card.last4,
      month: String(card.exp_month).padStart(2, '0'),
      year: String(card.exp_year % 100).padStart(2, '0'),
    });
}

/** The saved cards as radios, then "A new card" with its form (the provider's). */
export function PaymentMethods({
  cards,
  selected,
  onSelect,
  setup,
  setupFailed,
  collector,
  ref,
  describedBy,
}: {
  cards: readonly SavedCard[];
  selected: string | null;
  onSelect: (id: string) => void;
  setup: SetupIntent | undefined;
  setupFailed: string | null;
  collector: Ref<CardCollector>;
  /** The group, so the checkout can move the focus to it (NoPaymentMethod). */
  ref?: Ref<HTMLFieldSetElement>;
  /** The group's error, when there is one. */
  describedBy?: string;
}) {
  const { t } = useTranslation('commerce');
  const label = useCardLabel();
  const loading = (
    <p className={styles.muted} role="status">
      {t('checkout.cardLoading')}
    </p>
  );
  return (
    <fieldset className={styles.fieldset} ref={ref} aria-describedby={describedBy}>
      {/* The panel's heading above says it on screen; the group keeps its name for a screen reader. */}
      <legend className="sr-only">{t('checkout.payment')}</legend>
      {cards.map((card) => (
        <label key={card.id} className={styles.choice}>
          <input
            type="radio"
            name="payment-method"
            value={card.id}
            checked={selected === card.id}
            onChange={() => onSelect(card.id)}
          />
          <span>{label(card)}</span>
        </label>
      ))}
      <label className={styles.choice}>
        <input
          type="radio"
          name="payment-method"
          value={NEW_CARD}
          checked={selected === NEW_CARD}
          onChange={() => onSelect(NEW_CARD)}
        />
        <span>{t('checkout.newCard')}</span>
      </label>
      {selected === NEW_CARD &&
        (setupFailed ? (
          <p className={styles.error} role="alert">
            {setupFailed}
          </p>
        ) : !setup ? (
          loading
        ) : setup.provider === 'sandbox' ? (
          <SandboxCardForm setup={setup} ref={collector} />
        ) : (
          <Suspense fallback={loading}>
            <StripeCardForm setup={setup} ref={collector} />
          </Suspense>
        ))}
    </fieldset>
  );
}
