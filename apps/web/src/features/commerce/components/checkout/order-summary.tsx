import type { InvoicePreview, Pass } from '@sideline/contract/commerce';
import { type FormEvent, Fragment, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatShortDate } from '@/lib/format';
import { applyCoupon } from '../../api/apply-coupon';
import { useMoney } from '../../hooks/use-price-title';
import { errorText } from '../../utils/error-text';
import styles from '../commerce.module.css';

/** The invoice preview: lines, subtotal, discount, service fee, total, and for plans the trial and next charge. */
export function SummaryLines({ preview, plan }: { preview: InvoicePreview; plan: Pass | null }) {
  const { t } = useTranslation('commerce');
  const money = useMoney();
  const amount = (value: number) => money.amount(value, preview.currency);
  return (
    <>
      <dl className={styles.lines}>
        {preview.lines.map((line, i) => (
          // Lines have no id; their order is the server's.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Fragment key={i}>
            <dt>{line.name}</dt>
            <dd>{amount(line.amount)}</dd>
          </Fragment>
        ))}
        <dt>{t('checkout.subtotal')}</dt>
        <dd>{amount(preview.subtotal)}</dd>
        {preview.discount > 0 && (
          <>
            <dt>
              {t('checkout.discount')}
              {preview.coupon ? ` (${preview.coupon})` : ''}
            </dt>
            <dd>−{amount(preview.discount)}</dd>
          </>
        )}
        {preview.service_fee > 0 && (
          <>
            <dt>{t('checkout.serviceFee')}</dt>
            <dd>{amount(preview.service_fee)}</dd>
          </>
        )}
        <dt className={styles.total}>{t('checkout.total')}</dt>
        <dd className={styles.total} data-testid="checkout-total">
          {amount(preview.total)}
        </dd>
      </dl>
      {preview.trial_days ? <p className={styles.status}>{t('checkout.trial', { days: preview.trial_days })}</p> : null}
      {preview.trial_days && plan ? (
        <p className={styles.muted}>
          {t('checkout.trialTerms', { days: preview.trial_days, price: money.title(plan) })}
        </p>
      ) : null}
      {preview.next_charge_at && preview.next_charge_amount !== null && (
        <p className={styles.muted}>
          {t('checkout.nextCharge', {
            amount: amount(preview.next_charge_amount),
            date: formatShortDate(new Date(preview.next_charge_at), money.lng),
          })}
        </p>
      )}
    </>
  );
}

/** The promo code: checked with `GET apply_coupon`; a good one is applied (the summary is asked again with it). */
export function CouponForm({
  passId,
  applied,
  onApplied,
}: {
  passId: number | undefined;
  applied: string | null;
  onApplied: (code: string | null) => void;
}) {
  const { t } = useTranslation('commerce');
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed || busy) return;
    setBusy(true);
    setError(null);
    try {
      const coupon = await applyCoupon(trimmed, passId);
      onApplied(coupon.code);
      setCode('');
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  if (applied) {
    return (
      <p className={styles.row}>
        <span role="status">{t('checkout.couponApplied', { code: applied })}</span>
        <button type="button" className="button button-outline" onClick={() => onApplied(null)}>
          {t('checkout.removeCoupon')}
        </button>
      </p>
    );
  }
  return (
    <form className={styles.row} onSubmit={(e) => void submit(e)} noValidate>
      <div className={styles.field}>
        <label htmlFor={id} className={styles.label}>
          {t('checkout.coupon')}
        </label>
        <input
          id={id}
          className={styles.input}
          value={code}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setCode(e.target.value)}
        />
      </div>
      <button type="submit" className="button button-outline" aria-disabled={busy || undefined}>
        {t('checkout.applyCoupon')}
      </button>
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert" style={{ flexBasis: '100%' }}>
          {error}
        </p>
      )}
    </form>
  );
}
