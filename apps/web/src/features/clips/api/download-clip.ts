import type { ClipDownload } from '@sideline/contract/clips';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `GET /clip/download/{id}`: a signed link to one's own ready clip (capability `download_clip`), counted. */
export const downloadClip = (id: number) =>
  api.get('/clip/download/{id}', { path: { id }, quiet: [403, 409] }).then((r) => r.data);

export const useDownloadClip = (onDownload: (download: ClipDownload) => void) =>
  useMutation({ mutationFn: downloadClip, onSuccess: onDownload });
