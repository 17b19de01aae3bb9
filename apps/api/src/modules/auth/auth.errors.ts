import { MESSAGES } from '@sideline/contract/messages';
import { AppError } from '../../lib/app-error';

/** The spec's account messages, each with a status and a stable code. */
export const authErrors = {
  emailTaken: () =>
    new AppError({ status: 409, code: 'email_taken', message: MESSAGES.emailAlreadyRegistered, field: 'email' }),
  invalidCredentials: () =>
    new AppError({ status: 401, code: 'invalid_credentials', message: MESSAGES.invalidCredentials }),
  wrongAuthData: () => new AppError({ status: 401, code: 'invalid_credentials', message: MESSAGES.wrongAuthData }),
  alreadyLoggedIn: () => new AppError({ status: 409, code: 'already_logged_in', message: MESSAGES.alreadyLoggedIn }),
  verificationFailed: () => new AppError({ status: 400, code: 'token_invalid', message: MESSAGES.verificationFailed }),
  emailAlreadyVerified: () => new AppError({ status: 409, code: 'conflict', message: MESSAGES.emailAlreadyVerified }),
  userNotFound: () => new AppError({ status: 404, code: 'not_found', message: MESSAGES.userNotFound, field: 'email' }),
  resetKeyExpired: () => new AppError({ status: 400, code: 'token_expired', message: MESSAGES.resetKeyExpired }),
  resetFailed: () => new AppError({ status: 400, code: 'token_invalid', message: MESSAGES.resetFailed }),
  recaptchaRequired: () =>
    new AppError({
      status: 400,
      code: 'recaptcha_required',
      message: MESSAGES.recaptchaRequired,
      field: 'recaptcha_token',
    }),
  recaptchaInvalid: () =>
    new AppError({
      status: 400,
      code: 'recaptcha_invalid',
      message: MESSAGES.recaptchaInvalid,
      field: 'recaptcha_token',
    }),
  termsRequired: () =>
    new AppError({
      status: 400,
      code: 'terms_required',
      message: MESSAGES.notRegisteredAcceptTerms,
      field: 'terms_accepted',
    }),
  emailNotVerified: () =>
    new AppError({
      status: 403,
      code: 'email_not_verified',
      message: 'Please confirm your e-mail address first: we have sent you a new link',
    }),
  providerNotConfigured: () =>
    new AppError({
      status: 404,
      code: 'provider_not_configured',
      message: 'This sign-in method is not available here',
    }),
  currentPasswordWrong: () =>
    new AppError({
      status: 400,
      code: 'invalid_credentials',
      message: 'The current password is not right',
      field: 'current_password',
    }),
  passwordChangeRequired: () =>
    new AppError({ status: 403, code: 'password_change_required', message: 'Please choose a new password first' }),
  tooManyAttempts: () => new AppError({ status: 429, code: 'rate_limited', message: MESSAGES.tooManyRequests }),
  deletionFailed: () =>
    new AppError({ status: 400, code: 'token_invalid', message: 'This confirmation link is not valid any more' }),
};
