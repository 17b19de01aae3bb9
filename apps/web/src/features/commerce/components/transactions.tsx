import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/ui/data-table';
import { formatShortDate } from '@/lib/format';
import { getCustomerPortal } from '../api/customer-portal';
import { useTransactions } from '../api/get-transactions';
import { useSavedCards } from '../api/list-cards';
import { useMoney } from '../hooks/use-price-title';
import { leaveFor } from '../utils/leave';
import { useCardLabel } from './checkout/payment-methods';
import styles from './commerce.module.css';

const brandName = (brand: string) => brand.charAt(0).toUpperCase() + brand.slice(1);

/** `GET transactions`: date, description, amount in the fan's number format, status and card. */
export function TransactionsList() {
  const { t } = useTranslation('commerce');
  const money = useMoney();
  const { data, error } = useTransactions();
  return (
    <section className={styles.section} aria-labelledby="transactions">
      <h2 id="transactions">{t('transactions.title')}</h2>
      {error ? (
        <p className={styles.error} role="alert">
          {t('loadFailed')}
        </p>
      ) : !data ? null : data.length === 0 ? (
        <p className={styles.muted}>{t('transactions.empty')}</p>
      ) : (
        <DataTable
          rows={data}
          rowKey={(tx) => tx.id}
          columns={[
            {
              key: 'date',
              label: t('transactions.date'),
              cell: (tx) => formatShortDate(new Date(tx.created_at), money.lng),
            },
            { key: 'description', label: t('transactions.description'), cell: (tx) => tx.description },
            {
              key: 'amount',
              label: t('transactions.amount'),
              cell: (tx) => `${tx.kind === 'refund' ? '−' : ''}${money.amount(tx.amount, tx.currency)}`,
            },
            { key: 'status', label: t('transactions.status'), cell: (tx) => t(`transactions.statuses.${tx.status}`) },
            {
              key: 'card',
              label: t('transactions.card'),
              cell: (tx) =>
                tx.card_brand && tx.card_last4
                  ? t('transactions.cardValue', { brand: brandName(tx.card_brand), last4: tx.card_last4 })
                  : null,
            },
          ]}
        />
      )}
    </section>
  );
}

/** `GET stripe/list-cards` and the provider's portal (`GET /stripe/customer-portal`) to manage them. */
export function SavedCards() {
  const { t } = useTranslation('commerce');
  const label = useCardLabel();
  const { data } = useSavedCards();
  const [opening, setOpening] = useState(false);
  const openPortal = () => {
    setOpening(true);
    getCustomerPortal()
      .then(({ url }) => leaveFor(url))
      .catch(() => setOpening(false));
  };
  return (
    <section className={styles.section} aria-labelledby="saved-cards">
      <h2 id="saved-cards">{t('cards.title')}</h2>
      {data && data.length === 0 && <p className={styles.muted}>{t('cards.empty')}</p>}
      {data && data.length > 0 && (
        <ul className={styles.list}>
          {data.map((card) => (
            <li key={card.id}>
              {label(card)}
              {card.is_default && <span className={styles.muted}> · {t('cards.default')}</span>}
            </li>
          ))}
        </ul>
      )}
      {data && data.length > 0 && (
        <p>
          <button type="button" className="button button-outline" disabled={opening} onClick={openPortal}>
            {t('cards.manage')}
          </button>
        </p>
      )}
    </section>
  );
}
