import { AppError } from '../../lib/app-error';

/** The account errors: each a status and its own code; the message comes from the contract's catalogue. */
export const authErrors = {
  emailTaken: () => new AppError({ status: 409, code: 'email_taken', field: 'email' }),
  invalidCredentials: () => new AppError({ status: 401, code: 'invalid_credentials' }),
  wrongAuthData: () => new AppError({ status: 401, code: 'wrong_auth_data' }),
  alreadyLoggedIn: () => new AppError({ status: 409, code: 'already_logged_in' }),
  verificationFailed: () => new AppError({ status: 400, code: 'verification_failed' }),
  emailAlreadyVerified: () => new AppError({ status: 409, code: 'email_already_verified' }),
  userNotFound: () => new AppError({ status: 404, code: 'user_not_found', field: 'email' }),
  resetKeyExpired: () => new AppError({ status: 400, code: 'reset_key_expired' }),
  resetFailed: () => new AppError({ status: 400, code: 'reset_failed' }),
  recaptchaRequired: () => new AppError({ status: 400, code: 'recaptcha_required', field: 'recaptcha_token' }),
  recaptchaInvalid: () => new AppError({ status: 400, code: 'recaptcha_invalid', field: 'recaptcha_token' }),
  termsRequired: () => new AppError({ status: 400, code: 'terms_required', field: 'terms_accepted' }),
  emailNotVerified: () => new AppError({ status: 403, code: 'email_not_verified' }),
  providerNotConfigured: () => new AppError({ status: 404, code: 'provider_not_configured' }),
  passwordChangeRequired: () => new AppError({ status: 403, code: 'password_change_required' }),
  tooManyAttempts: () => new AppError({ status: 429, code: 'rate_limited' }),
  deletionFailed: () => new AppError({ status: 400, code: 'deletion_link_invalid' }),
};
