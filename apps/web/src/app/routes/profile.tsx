import type { ClipListItem } from '@sideline/contract/clips';
import { Suspense, useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { useUser } from '@/features/auth/api/get-profile';
import { MyClips } from '@/features/clips/components/my-clips';
import { ActiveOrders, OrdersList } from '@/features/commerce/components/orders';
import { SavedCards, TransactionsList } from '@/features/commerce/components/transactions';
import { matchup } from '@/features/events/utils/event-text';
import { useDocumentTitle } from '@/hooks/use-document-title';
import styles from './profile.module.css';

/** The account area: its sections as tabs for a signed-in fan, an invitation to sign in for a guest. */
export function ProfileLayout() {
  const { t } = useTranslation('views');
  const user = useUser();
  useDocumentTitle(user ? t('nav.account') : t('profile.guestTitle'));
  if (!user) {
    return (
      <div className="container">
        <EmptyState
          title={t('profile.guestTitle')}
          message={t('profile.guestMessage')}
          actions={
            <Link to={paths.login.href()} className="button button-solid">
              {t('nav.signIn')}
            </Link>
          }
        />
      </div>
    );
  }
  return (
    <div className="container">
      <h1 className={styles.title}>{t('nav.account')}</h1>
      <nav aria-label={t('profile.tabs')} className={styles.tabs}>
        <NavLink to={paths.profile.href()} end>
          {t('views.orders.title')}
        </NavLink>
        <NavLink to={paths.profileTransactions.href()}>{t('views.transactions.title')}</NavLink>
        <NavLink to={paths.profileClips.href()}>{t('views.clips.title')}</NavLink>
        <NavLink to={paths.profileFavorites.href()}>{t('views.favorites.title')}</NavLink>
        <NavLink to={paths.profileEdit.href()}>{t('views.profileEdit.title')}</NavLink>
      </nav>
      <Outlet />
    </div>
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
