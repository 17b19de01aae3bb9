import type { ClipListItem } from '@sideline/contract/clips';
import { Suspense, useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useUser } from '@/features/auth/api/get-profile';
import { MyClips } from '@/features/clips/components/my-clips';
import { ActiveOrders, OrdersList } from '@/features/commerce/components/orders';
import { SavedCards, TransactionsList } from '@/features/commerce/components/transactions';
import { matchup } from '@/features/events/utils/event-text';
import styles from '@/features/profile/components/account.module.css';
import { AccountArea } from '@/features/profile/components/account-area';

/** The account area: its sections as tabs for a signed-in fan, an invitation to sign in for a guest. */
export function ProfileLayout() {
  return (
    <AccountArea signedIn={!!useUser()}>
      <Outlet />
    </AccountArea>
  );
}

/** The orders list; the active orders sit at its top (its index child). */
export function OrdersView() {
  return (
    <div className={styles.sections}>
      <Outlet />
      <OrdersList />
    </div>
  );
}

export const ActiveOrdersView = ActiveOrders;

/** Payments, renewals and refunds, then the saved cards and where to manage them. */
export function TransactionsView() {
  return (
    <div className={styles.sections}>
      <TransactionsList />
      <SavedCards />
    </div>
  );
}

/** The fan's clips; their games are named as the schedule names them ("Away @ Home"). */
function ClipsList() {
  const user = useUser();
  const { t: browse } = useTranslation('browse');
  const describeGame = useCallback((event: ClipListItem['event']) => matchup(event, browse), [browse]);
  return <MyClips canDownload={!!user?.capabilities.includes('download_clip')} describeGame={describeGame} />;
}

/** `/profile/clips`: the fan's clips, to play, download, share and delete. */
export function ClipsView() {
  const { t } = useTranslation('views');
  const headingId = useId();
  return (
    <section className={styles.sections} aria-labelledby={headingId}>
      <h2 id={headingId} className="sr-only">
        {t('views.clips.title')}
      </h2>
      {/* The clips' and the schedule's texts may still be loading (another language). */}
      <Suspense fallback={null}>
        <ClipsList />
      </Suspense>
    </section>
  );
}
export { ConfirmAccountDeletionView, ProfileEditView } from './profile-edit';
