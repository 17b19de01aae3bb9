import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clipsKeys } from './clip-keys';

/** `DELETE /clip/{id}`: deletes one of the fan's own clips and its files; its shared link stops working. */
export const deleteClip = (id: number) => api.delete('/clip/{id}', { path: { id } }).then((r) => r.data);

export function useDeleteClip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClip,
    onSettled: () => queryClient.invalidateQueries({ queryKey: clipsKeys.all }),
  });
}
