import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './error-catalogue';
import { ERROR_CODES, type ErrorCode, KEY_ERROR_CODES } from './error-codes';
import { MESSAGES } from './messages';

/** Codes grouped by the message they carry. */
function codesByMessage(catalogue: Record<string, string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [code, message] of Object.entries(catalogue)) out.set(message, [...(out.get(message) ?? []), code]);
  return out;
}

/** Messages said by more than one code, apart from the key errors' shared spec message. */
function sharedMessages(catalogue: Record<string, string>): Record<string, string[]> {
  const shared = [...codesByMessage(catalogue)].filter(
    ([message, codes]) => codes.length > 1 && message !== MESSAGES.noChannelOrApiKey,
  );
  return Object.fromEntries(shared);
}

describe('the error catalogue', () => {
  it('gives every code exactly one message, and has no message without a code', () => {
    expect(Object.keys(CATALOGUE).sort()).toEqual([...ERROR_CODES].sort());
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(CATALOGUE[code].trim().length, code).toBeGreaterThan(0);
  });

  it('is one-to-one: no two codes say the same message', () => {
    expect(sharedMessages(CATALOGUE)).toEqual({});
  });

  it('lets only the key errors share the spec’s key message, told apart by code and field', () => {
    expect(codesByMessage(CATALOGUE).get(MESSAGES.noChannelOrApiKey)?.sort()).toEqual([...KEY_ERROR_CODES].sort());
  });

  it('the one-to-one check catches a message said by two codes', () => {
    const broken: Record<string, string> = { ...CATALOGUE, not_found: MESSAGES.userNotFound };
    expect(sharedMessages(broken)).toEqual({ [MESSAGES.userNotFound]: ['user_not_found', 'not_found'] });
  });

  it('carries the spec’s account messages word for word', () => {
    const spec: Partial<Record<ErrorCode, string>> = {
      email_taken: 'email already registered',
      wrong_auth_data: 'Wrong auth data',
      already_logged_in: 'You are already logged in',
      verification_failed: 'Verification failed',
      email_already_verified: 'Email already verified',
      user_not_found: 'User not found',
      reset_key_expired: 'Reset password key expired',
      reset_failed: 'Reset password failed',
      invalid_credentials: 'Invalid email or password. Please try again',
      login_required: 'user must be logged in',
      pass_not_found: 'Pass not found',
      geo_blocked: 'region blocked',
    };
    for (const [code, message] of Object.entries(spec)) expect(CATALOGUE[code as ErrorCode], code).toBe(message);
  });
});
