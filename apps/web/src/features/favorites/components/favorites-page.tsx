import type { Favorite } from '@sideline/contract/favorites';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { type FavoriteDetails, FavoritesList } from './favorites-list';
import styles from './favorites-page.module.css';

type Props = {
  signedIn: boolean;
  /** Undefined while they load. */
  favorites: Favorite[] | undefined;
  /** Still asking for them. */
  busy: boolean;
  details: (favorite: Favorite) => FavoriteDetails | undefined;
  /** The next games of what the fan follows (the events feature's rail), above their favorites. */
  children: ReactNode;
};

/**
 * The fan's favorites page: `children` (their next games), then their favorites by kind, with remove buttons; an
 * invitation to sign in for a guest, and to browse the schedule for a fan who follows nothing yet.
 */
export function FavoritesPage({ signedIn, favorites, busy, details, children }: Props) {
  const { t } = useTranslation('browse');
  if (!signedIn) {
    return (
      <EmptyState
        level={2}
        title={t('favorites.title')}
        message={t('favorites.guestMessage')}
        actions={
          <Link to={paths.login.href()} className="button button-solid">
            {t('favorites.signIn')}
          </Link>
        }
      />
    );
  }
  if (favorites?.length === 0) {
    return (
      <EmptyState
        level={2}
        title={t('favorites.emptyTitle')}
        message={t('favorites.emptyMessage')}
        actions={
          <Link to={paths.schedule.href()} className="button button-solid">
            {t('favorites.browse')}
          </Link>
        }
      />
    );
  }
  return (
    <section className={styles.favorites} aria-labelledby="favorites-title" aria-busy={busy}>
      <h2 id="favorites-title" className={styles.title}>
        {t('favorites.title')}
      </h2>
      {children}
      {favorites && <FavoritesList favorites={favorites} details={details} />}
    </section>
  );
}
