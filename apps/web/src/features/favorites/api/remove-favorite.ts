import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { favoritesKeys } from './get-favorites';

/** `DELETE /favorite/{id}`: stops following. */
export const removeFavorite = (id: number) => api.delete('/favorite/{id}', { path: { id } });

/** Removes a favorite, then reloads everything cached about favorites (the list and their games). */
export function useRemoveFavorite(onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFavorite,
    onSettled: async () => {
      onChanged?.();
      await queryClient.invalidateQueries({ queryKey: favoritesKeys.all });
    },
  });
}
