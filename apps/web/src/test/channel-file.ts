import type { ChannelFile } from '@sideline/contract/channel';
import { setChannelFile } from '@/config/channel';

/** Sets a channel file as startup would (a test channel, in English, in USD), its providers off unless given. */
export function setTestChannel(providers: Partial<ChannelFile['providers']> = {}) {
  setChannelFile({
    channel_key: 'test',
    name: 'Test Channel',
    api_host: '/api',
    language: 'en',
    currency: 'USD',
    'google-analytics': { 'google-tag': null },
    'yare-analytics': { 'yare-analytics-key': null, host: null },
    prerolls: [],
    providers: { stripe: null, recaptcha: null, sentry: null, google: null, facebook: null, ...providers },
  });
}
