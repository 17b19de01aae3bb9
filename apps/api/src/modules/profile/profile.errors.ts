import { AppError } from '../../lib/app-error';

/** The profile's own errors; the account's (a user gone, a temporary password to change) are auth's `authErrors`. */
export const profileErrors = {
  /** A new password needs the current one, unless the current one is temporary. */
  currentPasswordWrong: () => new AppError({ status: 400, code: 'current_password_wrong', field: 'current_password' }),
};
