import { AppError } from '../../lib/app-error';

export const channelErrors = {
  /** The request's host names no channel. */
  unknownHost: () => new AppError({ status: 404, code: 'channel_not_found', field: 'channel_key' }),
  pageNotFound: () => new AppError({ status: 404, code: 'page_not_found' }),
};
