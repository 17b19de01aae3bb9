import { ERROR_CODES } from '@sideline/contract/error-codes';
import { MESSAGES } from '@sideline/contract/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorCode } from '@/lib/api-error';
import { loadTexts } from '@/lib/i18n';
import { accountsBg } from './bg';
import { accountsEn } from './en';
import { accountsFr } from './fr';
import { describeServerError, errorMessageRef, validationRef } from './messages';

// Whether a code has a text is read from the loaded namespace.
beforeAll(() => loadTexts(['accounts']));

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
      message: 'serverErrors.email_taken',
    });
    expect(describeServerError(apiError(404, 'user_not_found', MESSAGES.userNotFound, 'email'))).toEqual({
      field: 'email',
      message: 'serverErrors.user_not_found',
    });
    expect(
      describeServerError(
        apiError(400, 'current_password_wrong', 'The current password is not right', 'current_password'),
      ),
    ).toEqual({ field: 'current_password', message: 'serverErrors.current_password_wrong' });
  });

  it('reads the field of a validation failure from its detail path', () => {
    const error = apiError(400, 'validation_failed', 'body.email: A valid email address is required');
    expect(describeServerError(error)).toEqual({ field: 'email', message: 'A valid email address is required' });
    const unknownText = apiError(400, 'validation_failed', 'body.first_name: Invalid input: expected string');
    expect(describeServerError(unknownText)).toEqual({ field: 'first_name', message: 'validation.invalid' });
    const noField = apiError(400, 'validation_failed', 'The request is not valid');
    expect(describeServerError(noField)).toEqual({ field: null, message: 'serverErrors.validation_failed' });
  });

  it('translates by code alone: the English of the message is never read', () => {
    const cases: [ApiError, string][] = [
      [apiError(401, 'invalid_credentials', MESSAGES.wrongAuthData), 'serverErrors.invalid_credentials'],
      [apiError(401, 'wrong_auth_data', MESSAGES.invalidCredentials), 'serverErrors.wrong_auth_data'],
      [apiError(400, 'reset_key_expired', 'anything'), 'serverErrors.reset_key_expired'],
      [apiError(400, 'reset_failed', MESSAGES.verificationFailed), 'serverErrors.reset_failed'],
      [apiError(400, 'verification_failed', ''), 'serverErrors.verification_failed'],
      [apiError(409, 'email_already_verified', 'x'), 'serverErrors.email_already_verified'],
      [apiError(400, 'deletion_link_invalid', 'x'), 'serverErrors.deletion_link_invalid'],
      [apiError(0, 'network_error', 'TypeError'), 'serverErrors.network_error'],
    ];
    for (const [error, key] of cases) expect(describeServerError(error), key).toEqual({ field: null, message: key });
  });

  it('reads an unknown code or a non-API error as a plain failure', () => {
    const newer = apiError(418, 'not_yet_invented' as ApiErrorCode, MESSAGES.userNotFound);
    expect(describeServerError(newer).message).toBe('errors.somethingWentWrong');
    expect(describeServerError(new Error(MESSAGES.userNotFound)).message).toBe('errors.somethingWentWrong');
  });

  it('has a text for every error code of the contract and of the client, in every language', () => {
    const clientCodes = ['timeout', 'network_error', 'invalid_response'] as const;
    for (const code of [...ERROR_CODES, ...clientCodes]) {
      for (const [lng, texts] of Object.entries({ en: accountsEn, fr: accountsFr, bg: accountsBg })) {
        expect(texts.serverErrors[code]?.trim(), `${lng} ${code}`).toBeTruthy();
      }
      expect(describeServerError(apiError(400, code, 'x')).message, code).toBe(`serverErrors.${code}`);
    }
    expect(Object.keys(accountsEn.serverErrors).sort()).toEqual([...ERROR_CODES, ...clientCodes].sort());
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
