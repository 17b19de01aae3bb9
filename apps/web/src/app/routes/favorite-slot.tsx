import { useCallback } from 'react';
import { useUser } from '@/features/auth/api/get-profile';
import type { RenderFavorite } from '@/features/events/types';
import { FavoriteToggle } from '@/features/favorites/components/favorite-toggle';

/**
 * The favorites feature's star, for the events feature's cards, rows and pages (features do not import each
 * other: the app puts them together). `onChanged` refreshes what the view shows that depends on favorites.
 */
export function useRenderFavorite(onChanged?: () => void): RenderFavorite {
  const signedIn = !!useUser();
  return useCallback(
    (target, variant) => (
      <FavoriteToggle {...target} variant={variant} signedIn={signedIn} {...(onChanged ? { onChanged } : {})} />
    ),
    [signedIn, onChanged],
  );
}
