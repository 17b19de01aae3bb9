import { FAVORITE_TYPES, type FavoriteType } from '@sideline/contract/enums';
import type { Favorite } from '@sideline/contract/favorites';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { favoritesKeys } from './get-favorites';

export type AddFavoriteInput = { favoritable_id: number; favoritable_type: FavoriteType };

/** Thrown before any call for a kind the product does not have (spec section 5). */
export class UnknownFavoriteTypeError extends Error {
  override readonly name = 'UnknownFavoriteTypeError';
}

/** `POST /favorite`: follows something (201 new, 200 when already followed). An unknown kind is refused here. */
export async function addFavorite(input: AddFavoriteInput): Promise<Favorite> {
  if (!(FAVORITE_TYPES as readonly string[]).includes(input.favoritable_type)) {
    throw new UnknownFavoriteTypeError(`Unknown favorite type: ${input.favoritable_type}`);
  }
  return (await api.post('/favorite', { body: input })).data;
}

/** Adds a favorite, then reloads everything cached about favorites (the list and their games). */
export function useAddFavorite(onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFavorite,
    onSettled: async () => {
      onChanged?.();
      await queryClient.invalidateQueries({ queryKey: favoritesKeys.all });
    },
  });
}
