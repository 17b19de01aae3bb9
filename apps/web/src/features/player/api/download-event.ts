import type { Download } from '@sideline/contract/media';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `GET /download-event/{id}`: a signed link to the finished game's MP4, counted against the fan's downloads. */
export const downloadEvent = (eventId: number) =>
  api.get('/download-event/{id}', { path: { id: eventId }, quiet: [403, 409, 503] }).then((r) => r.data);

/** The download; `onDownloaded` refreshes what depends on the counter (spec: access refreshed after download). */
export const useDownloadEvent = (eventId: number, onDownloaded: (download: Download) => void) =>
  useMutation({ mutationFn: () => downloadEvent(eventId), onSuccess: onDownloaded });
