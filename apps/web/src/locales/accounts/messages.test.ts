import { MESSAGES } from '@sideline/contract/messages';
import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorCode } from '@/lib/api-error';
import { accountsEn } from './en';
import { describeServerError, errorMessageRef, validationRef } from './messages';

const apiError = (status: number, code: ApiErrorCode, message: string, field?: string) =>
  new ApiError({ status, code, message, url: '/api/x', ...(field ? { field } : {}) });

describe('validation messages', () => {
  it('maps the spec texts, with the number of a length limit', () => {
    expect(validationRef('A valid email address is required')).toEqual({ key: 'validation.email' });
    expect(validationRef("PASSWORDS DON'T MATCH")).toEqual({ key: 'validation.passwordsDontMatch' });
    expect(validationRef('Must be at most 128 characters')).toEqual({
      key: 'validation.tooLong',
      values: { number: 128 },
    });
    expect(validationRef('Invalid input: expected string, received undefined')).toBeNull();
  });
});

describe('server errors', () => {
  it('puts an error next to the field the server names', () => {
    expect(describeServerError(apiError(409, 'email_taken', MESSAGES.emailAlreadyRegistered, 'email'))).toEqual({
      field: 'email',
      message: 'serverErrors.emailAlreadyRegistered',
    });
    expect(describeServerError(apiError(404, 'not_found', MESSAGES.userNotFound, 'email'))).toEqual({
      field: 'email',
      message: 'serverErrors.userNotFound',
    });
    expect(
      describeServerError(
        apiError(400, 'invalid_credentials', 'The current password is not right', 'current_password'),
      ),
    ).toEqual({ field: 'current_password', message: 'serverErrors.currentPasswordWrong' });
  });

  it('reads the field of a validation failure from its detail path', () => {
    const error = apiError(400, 'validation_failed', 'body.email: A valid email address is required');
    expect(describeServerError(error)).toEqual({ field: 'email', message: 'A valid email address is required' });
    const unknownText = apiError(400, 'validation_failed', 'body.first_name: Invalid input: expected string');
    expect(describeServerError(unknownText)).toEqual({ field: 'first_name', message: 'validation.invalid' });
  });

  it('translates the spec messages without a field (shown as a toast)', () => {
    const cases: [ApiError, string][] = [
      [apiError(401, 'invalid_credentials', MESSAGES.invalidCredentials), 'serverErrors.invalidCredentials'],
      [apiError(400, 'token_expired', MESSAGES.resetKeyExpired), 'serverErrors.resetKeyExpired'],
      [apiError(400, 'token_invalid', MESSAGES.resetFailed), 'serverErrors.resetFailed'],
      [apiError(400, 'token_invalid', MESSAGES.verificationFailed), 'serverErrors.verificationFailed'],
      [apiError(409, 'conflict', MESSAGES.emailAlreadyVerified), 'serverErrors.emailAlreadyVerified'],
      [apiError(409, 'already_logged_in', MESSAGES.alreadyLoggedIn), 'serverErrors.alreadyLoggedIn'],
      [apiError(401, 'login_required', MESSAGES.userMustBeLoggedIn), 'serverErrors.userMustBeLoggedIn'],
    ];
    for (const [error, key] of cases) expect(describeServerError(error), key).toEqual({ field: null, message: key });
  });

  it('recognises the API’s own answers by their code', () => {
    const unverified = apiError(403, 'email_not_verified', 'Please confirm your e-mail address first');
    expect(describeServerError(unverified).message).toBe('serverErrors.emailNotVerified');
    const deletion = apiError(400, 'token_invalid', 'This confirmation link is not valid any more');
    expect(describeServerError(deletion).message).toBe('serverErrors.linkInvalid');
    expect(describeServerError(apiError(0, 'network_error', 'TypeError')).message).toBe('serverErrors.network');
    expect(describeServerError(apiError(500, 'internal_error', 'boom')).message).toBe('errors.somethingWentWrong');
    expect(describeServerError(new Error('not an API error')).message).toBe('errors.somethingWentWrong');
  });

  it('has a text for every spec message an account page can meet', () => {
    const keys = Object.keys(accountsEn.serverErrors);
    for (const name of [
      'emailAlreadyRegistered',
      'invalidCredentials',
      'resetKeyExpired',
      'verificationFailed',
      'emailAlreadyVerified',
      'userNotFound',
      'resetFailed',
      'alreadyLoggedIn',
      'recaptchaRequired',
      'recaptchaInvalid',
      'notRegisteredAcceptTerms',
      'userMustBeLoggedIn',
    ] as const) {
      expect(keys, name).toContain(name);
      const error = apiError(400, 'validation_failed', MESSAGES[name]);
      expect(describeServerError(error).message, name).toBe(`serverErrors.${name}`);
    }
  });
});

describe('messages held by a form', () => {
  it('are spec validation texts or translation keys; anything else reads as "not valid"', () => {
    expect(errorMessageRef('Enter your first name')).toEqual({ key: 'validation.firstNameRequired' });
    expect(errorMessageRef('serverErrors.emailAlreadyRegistered')).toEqual({
      key: 'serverErrors.emailAlreadyRegistered',
    });
    expect(errorMessageRef('Something zod said')).toEqual({ key: 'validation.invalid' });
  });
});
