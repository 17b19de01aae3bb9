import { FAVORITE_TYPES } from '@sideline/contract/enums';
import type { Favorite } from '@sideline/contract/favorites';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { useRemoveFavorite } from '../api/remove-favorite';
import styles from './favorites-list.module.css';

/** What the app knows of a favorite from the catalogue: its name, a picture, a page. */
export type FavoriteDetails = { name: string; image?: string | null | undefined; href?: string | undefined };

type Props = {
  favorites: Favorite[];
  /** Names come from the catalogue calls, which the favorites feature does not make itself. */
  details: (favorite: Favorite) => FavoriteDetails | undefined;
  onChanged?: () => void;
};

function FavoriteItem({ favorite, details, onChanged }: { favorite: Favorite } & Omit<Props, 'favorites'>) {
  const { t } = useTranslation('browse');
  const remove = useRemoveFavorite(onChanged);
  const known = details(favorite);
  const name = known?.name ?? t('favorites.unknown', { id: favorite.favoritable_id });

  async function onRemove() {
    try {
      await remove.mutateAsync(favorite.id);
      toast.info(t('favorites.removed', { name }), { id: `favorite-removed-${favorite.id}` });
    } catch {
      toast.error(t('favorites.failed'), { id: 'favorite-failed' });
    }
  }

  return (
    <li className={styles.item} data-type={favorite.favoritable_type}>
      <span className={styles.picture} aria-hidden="true">
        {known?.image ? <img src={known.image} alt="" width={40} height={40} loading="lazy" /> : name.slice(0, 1)}
      </span>
      {known?.href ? (
        <Link to={known.href} className={styles.name}>
          {name}
        </Link>
      ) : (
        <span className={styles.name}>{name}</span>
      )}
      <button
        type="button"
        className={styles.remove}
        aria-label={t('favorites.remove', { name })}
        disabled={remove.isPending}
        onClick={() => void onRemove()}
      >
        {t('favorites.removeShort')}
      </button>
    </li>
  );
}

/** A fan's favorites grouped by kind (teams, schools, sports, games, venues), each with a remove button. */
export function FavoritesList({ favorites, details, onChanged }: Props) {
  const { t } = useTranslation('browse');
  return (
    <div className={styles.groups}>
      {FAVORITE_TYPES.map((type) => {
        const items = favorites.filter((f) => f.favoritable_type === type);
        if (items.length === 0) return null;
        return (
          <section key={type} className={styles.group} aria-labelledby={`favorites-${type}`}>
            <h3 id={`favorites-${type}`} className={styles.kind}>
              {t(`favorites.kinds.${type}`)} <span className={styles.count}>{items.length}</span>
            </h3>
            <ul className={styles.items}>
              {items.map((favorite) => (
                <FavoriteItem key={favorite.id} favorite={favorite} details={details} onChanged={onChanged} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
