import { MESSAGES } from '@sideline/contract/messages';
import { AppError } from '../../lib/app-error';

export const channelErrors = {
  /** The request's host names no channel. */
  unknownHost: () =>
    new AppError({ status: 404, code: 'channel_not_found', message: MESSAGES.noChannelOrApiKey, field: 'channel_key' }),
  pageNotFound: () => new AppError({ status: 404, code: 'not_found', message: 'Page not found' }),
};
