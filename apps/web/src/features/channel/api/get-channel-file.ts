import type { ChannelFile } from '@sideline/contract/channel';
import { ApiError } from '@/lib/api-error';
import { takeEarlyAnswer } from '@/lib/early-answers';

export const CHANNEL_FILE_URL = '/channel.json';

/**
 * `GET /channel.json`: read before the API client exists, since it names the API host and the channel key.
 * The server puts it in the page (lib/early-answers.ts); otherwise the page preloads it (index.html), and this
 * request reuses that download.
 */
export async function getChannelFile(): Promise<ChannelFile> {
  // The server puts the file in the page; in development (Vite serves the page) it is downloaded.
  const early = await takeEarlyAnswer('GET', CHANNEL_FILE_URL);
  if (early?.status === 200) return early.body as ChannelFile;
  let res: Response;
  try {
    res = await fetch(CHANNEL_FILE_URL);
  } catch (error) {
    throw new ApiError({ status: 0, code: 'network_error', message: String(error), url: CHANNEL_FILE_URL });
  }
  if (!res.ok) throw ApiError.fromResponse(res.status, await res.json().catch(() => undefined), CHANNEL_FILE_URL);
  return (await res.json()) as ChannelFile;
}
