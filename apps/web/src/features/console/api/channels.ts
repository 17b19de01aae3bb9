import type { CreatedChannel, NewChannel } from '@sideline/contract/console';
import { api } from '@/lib/api-client';

/**
 * `POST /console/channels` (platform admin): a new channel, its host and its first owner. A 400 is the form's to
 * show on its fields and a 409 (slug or host taken) the page's, so neither is reported.
 */
export async function createChannel(body: Omit<NewChannel, 'api_key'>): Promise<CreatedChannel> {
  return (await api.post('/console/channels', { body, quiet: [400, 409] })).data;
}
