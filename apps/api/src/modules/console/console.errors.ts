import { AppError } from '../../lib/app-error';

export const consoleErrors = {
  /**
   * One answer for a guest, a fan, a role that may not make the call, and a key of another channel: the console says
   * nothing more about what exists to someone without the right.
   */
  roleRequired: () => new AppError({ status: 403, code: 'console_role_required' }),
  addressTaken: () => new AppError({ status: 409, code: 'channel_address_taken' }),
};
