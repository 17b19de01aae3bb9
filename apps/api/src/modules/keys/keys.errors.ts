import { AppError } from '../../lib/app-error';

/** 401 with a code and a `field` the client recognises: it drops its key, fetches a new one and retries once. */
export const keyErrors = {
  apiKeyInvalid: () => new AppError({ status: 401, code: 'api_key_invalid', field: 'api_key' }),
  channelKeyInvalid: () => new AppError({ status: 401, code: 'channel_key_invalid', field: 'channel_key' }),
  loginRequired: () => new AppError({ status: 401, code: 'login_required' }),
};
