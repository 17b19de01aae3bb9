import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import styles from './account.module.css';

/** The account area: its sections as tabs above `children` for a signed-in fan, an invitation to sign in for a guest. */
export function AccountArea({ signedIn, children }: { signedIn: boolean; children: ReactNode }) {
  const { t } = useTranslation('views');
  useDocumentTitle(signedIn ? t('nav.account') : t('profile.guestTitle'));
  if (!signedIn) {
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
      {children}
    </div>
  );
}
