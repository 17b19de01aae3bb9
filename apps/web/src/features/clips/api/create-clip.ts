import type { CreateClipBody } from '@sideline/contract/clips';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clipsKeys } from './clip-keys';

/** `POST /clip`: asks for a clip (capability `clipping`); it comes back queued and is made in the background. */
export const createClip = (body: CreateClipBody) =>
  api.post('/clip', { body, quiet: [400, 403, 409, 503] }).then((r) => r.data);

/** Creates a clip, then reloads the lists, which poll until it is ready. */
export function useCreateClip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClip,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clipsKeys.all }),
  });
}
