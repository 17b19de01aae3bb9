import type { Order } from '@sideline/contract/commerce';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '@/components/ui/data-table';
import { paths } from '@/config/paths';
import { confirm } from '@/lib/dialog';
import { formatShortDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { ordersQueryKey, useOrders } from '../api/get-orders';
import { unsubscribe } from '../api/unsubscribe';
import { useMoney } from '../hooks/use-price-title';
import { errorText } from '../utils/error-text';
import styles from './commerce.module.css';

/** The spec's renewal display, before the server's answer is back (`cancelled` once it says so). */
export type RenewalDisplay = 'active' | 'cancel processing' | 'cancel finished' | 'cancelled';

export const renewalOf = (order: Order): RenewalDisplay =>
  order.auto_renewal === 'Cancelled' || order.subscription_status === 'canceled' ? 'cancelled' : 'active';

function Failed({ retry }: { retry: () => void }) {
  const { t } = useTranslation('commerce');
  return (
    <p className={styles.error} role="alert">
      {t('loadFailed')}{' '}
      <button type="button" className="button button-outline" onClick={retry}>
        {t('retry')}
      </button>
    </p>
  );
}

/** A plan whose free trial has not ended: nothing is charged before its end. */
const onTrial = (order: Order) => order.trial_end !== null && new Date(order.trial_end) > new Date();

/** A plan's renewal: when it renews (or until when access lasts), and Cancel renewal with a confirm popup. */
function Renewal({ order }: { order: Order }) {
  const { t } = useTranslation('commerce');
  const { lng } = useMoney();
  const queryClient = useQueryClient();
  const [display, setDisplay] = useState<RenewalDisplay>('active');
  const statusRef = useRef<HTMLParagraphElement>(null);
  // Confirming removes the button that had the focus: the status line that replaces it takes it.
  useEffect(() => {
    if (display === 'cancel processing') statusRef.current?.focus();
  }, [display]);
  // The server's word once the fan has not touched it; the fan's own steps while they run.
  const shown = display === 'active' ? renewalOf(order) : display;
  const end = order.current_period_end ? formatShortDate(new Date(order.current_period_end), lng) : null;
  const trialEnd = onTrial(order) ? order.trial_end : null;

  const cancel = async () => {
    try {
      await confirm({
        title: t('orders.cancelTitle', { name: order.name }),
        message: end ? t('orders.cancelMessage', { date: end }) : t('orders.cancelMessageNoDate'),
        okLabel: t('orders.cancelOk'),
        cancelLabel: t('orders.cancelKeep'),
      });
    } catch {
      return;
    }
    setDisplay('cancel processing');
    try {
      await unsubscribe(order.id);
      setDisplay('cancel finished');
      toast.success(t('orders.cancelFinished'));
      await queryClient.invalidateQueries({ queryKey: ordersQueryKey });
      setDisplay('cancelled');
    } catch (error) {
      setDisplay('active');
      toast.error(errorText(error));
    }
  };

  return (
    <>
      {shown === 'active' && trialEnd && (
        <p className={styles.muted}>{t('orders.trialUntil', { date: formatShortDate(new Date(trialEnd), lng) })}</p>
      )}
      {shown === 'active' && end && <p className={styles.muted}>{t('orders.renewsOn', { date: end })}</p>}
      {shown !== 'active' && end && <p className={styles.muted}>{t('orders.accessUntil', { date: end })}</p>}
      <p ref={statusRef} className={styles.status} role="status" data-renewal={shown} tabIndex={-1}>
        {shown === 'cancel processing'
          ? t('orders.cancelProcessing')
          : shown === 'cancel finished'
            ? t('orders.cancelFinished')
            : shown === 'cancelled'
              ? t('orders.cancelled')
              : null}
      </p>
      {shown === 'active' && (
        <div className={styles.footer}>
          <button type="button" className="button button-outline" onClick={() => void cancel()}>
            {t('orders.cancelRenewal')}
          </button>
        </div>
      )}
    </>
  );
}

/** The profile's active orders (`GET orders?active=1`): what gives access now, plans with their renewal. */
export function ActiveOrders() {
  const { t } = useTranslation('commerce');
  const money = useMoney();
  const { data, error, refetch } = useOrders(true);
  return (
    <section className={styles.section} aria-labelledby="active-orders">
      <h2 id="active-orders">{t('orders.active')}</h2>
      {error ? (
        <Failed retry={() => void refetch()} />
      ) : !data ? null : data.length === 0 ? (
        <p className={styles.muted}>
          {t('orders.activeEmpty')} <Link to={paths.packages.href()}>{t('orders.seePasses')}</Link>
        </p>
      ) : (
        <ul className={styles.list}>
          {data.map((order) => (
            <li key={order.id} className={styles.card} aria-labelledby={`order-${order.id}`}>
              <h3 id={`order-${order.id}`} className={styles.name}>
                {order.event_id ? <Link to={paths.watch.href(order.event_id)}>{order.name}</Link> : order.name}
              </h3>
              <p className={styles.muted}>{money.amount(order.amount, order.currency)}</p>
              {order.type === 'subscription' ? (
                <Renewal order={order} />
              ) : (
                order.current_period_end && (
                  <p className={styles.muted}>
                    {t('orders.accessUntil', { date: formatShortDate(new Date(order.current_period_end), money.lng) })}
                  </p>
                )
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Every order (`GET orders`), newest first, with its payment status. */
export function OrdersList() {
  const { t } = useTranslation('commerce');
  const money = useMoney();
  const { data, error, refetch } = useOrders(false);
  return (
    <section className={styles.section} aria-labelledby="all-orders">
      <h2 id="all-orders">{t('orders.all')}</h2>
      {error ? (
        <Failed retry={() => void refetch()} />
      ) : !data ? null : data.length === 0 ? (
        <p className={styles.muted}>{t('orders.allEmpty')}</p>
      ) : (
        <DataTable
          rows={data}
          rowKey={(order) => order.id}
          columns={[
            {
              key: 'date',
              label: t('orders.date'),
              cell: (order) => formatShortDate(new Date(order.created_at), money.lng),
            },
            { key: 'item', label: t('orders.item'), cell: (order) => order.name },
            // A plan in its free trial has charged nothing yet: not "Paid" at the plan's price.
            {
              key: 'amount',
              label: t('orders.amount'),
              cell: (order) => money.amount(onTrial(order) ? 0 : order.amount, order.currency),
            },
            {
              key: 'state',
              label: t('orders.state'),
              cell: (order) => (onTrial(order) ? t('orders.trialStatus') : t(`orders.status.${order.status}`)),
            },
          ]}
        />
      )}
    </section>
  );
}
