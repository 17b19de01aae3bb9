import type { FavoriteType } from '@sideline/contract/enums';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { CanceledError, confirm } from '@/lib/dialog';
import { toast } from '@/lib/toast';
import { useAddFavorite } from '../api/add-favorite';
import { useFavorites } from '../api/get-favorites';
import { useRemoveFavorite } from '../api/remove-favorite';
import styles from './favorite-toggle.module.css';

export type FavoriteToggleProps = {
  type: FavoriteType;
  id: number;
  /** What is followed, for the button's name and the notices, e.g. "Pinecrest Pioneers". */
  name: string;
  signedIn: boolean;
  /** A bare star (cards, rows) or a star with a word (the game's page). */
  variant?: 'icon' | 'labelled';
  /** After a change: lets the app refresh what depends on favorites elsewhere (the home page's rail). */
  onChanged?: () => void;
};

export function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="m12 3.5 2.6 5.4 5.9.8-4.3 4.1 1 5.8L12 16.8l-5.2 2.8 1-5.8-4.3-4.1 5.9-.8z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The star: follows or unfollows a team, school, sport, venue or game. It is a toggle button (aria-pressed) and
 * shows where a change is heading while it is on its way. A guest who presses it is asked to sign in.
 */
export function FavoriteToggle(props: FavoriteToggleProps) {
  // A guest's star holds no query and no mutations: a page makes two stars a card, and a guest's never change.
  return props.signedIn ? <FanStar {...props} /> : <GuestStar {...props} />;
}

type StarButtonProps = Pick<FavoriteToggleProps, 'type' | 'name' | 'variant'> & {
  pressed: boolean;
  onPress: () => void;
  /** The star's own words: one translation hook a star, its owner's. */
  t: TFunction<'browse'>;
};

function StarButton({ type, name, variant = 'icon', pressed, onPress, t }: StarButtonProps) {
  const event = type === 'favorite_event';
  const label = t(event ? 'favorites.save' : 'favorites.follow', { name });
  return (
    <button
      type="button"
      className={styles.toggle}
      data-variant={variant}
      aria-pressed={pressed}
      aria-label={label}
      title={label}
      onClick={onPress}
    >
      <StarIcon filled={pressed} />
      {variant === 'labelled' && (
        <span aria-hidden="true">{t(event ? 'favorites.saveShort' : 'favorites.followShort')}</span>
      )}
    </button>
  );
}

function GuestStar(props: FavoriteToggleProps) {
  const { t } = useTranslation('browse');
  const navigate = useNavigate();

  async function askToSignIn() {
    try {
      await confirm({
        title: t('favorites.signInTitle'),
        message: t('favorites.signInMessage'),
        okLabel: t('favorites.signIn'),
      });
      navigate(paths.login.href());
    } catch (error) {
      if (!(error instanceof CanceledError)) throw error;
    }
  }

  return <StarButton {...props} pressed={false} onPress={() => void askToSignIn()} t={t} />;
}

function FanStar(props: FavoriteToggleProps) {
  const { type, id, name, onChanged } = props;
  const { t } = useTranslation('browse');
  const favorites = useFavorites(true);
  const add = useAddFavorite(onChanged);
  const remove = useRemoveFavorite(onChanged);
  const existing = favorites.data?.find((f) => f.favoritable_type === type && f.favoritable_id === id);
  const pending = add.isPending || remove.isPending;
  const pressed = add.isPending || (!remove.isPending && !!existing);

  async function toggle() {
    if (pending) return;
    try {
      if (existing) {
        await remove.mutateAsync(existing.id);
        toast.info(t('favorites.removed', { name }), { id: `favorite-${type}-${id}` });
      } else {
        await add.mutateAsync({ favoritable_id: id, favoritable_type: type });
        toast.success(t('favorites.added', { name }), { id: `favorite-${type}-${id}` });
      }
    } catch {
      toast.error(t('favorites.failed'), { id: 'favorite-failed' });
    }
  }

  return <StarButton {...props} pressed={pressed} onPress={() => void toggle()} t={t} />;
}
