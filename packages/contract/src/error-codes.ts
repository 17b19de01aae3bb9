/**
 * Stable error codes. The client decides on the code; the message is for people.
 * Dependency-free so the web app's first chunk can import it.
 */
export const ERROR_CODES = [
  'validation_failed',
  'api_key_invalid',
  'channel_key_invalid',
  'channel_not_found',
  'login_required',
  'invalid_credentials',
  'already_logged_in',
  'email_taken',
  'email_not_verified',
  'terms_required',
  'recaptcha_required',
  'recaptcha_invalid',
  'token_invalid',
  'token_expired',
  'provider_not_configured',
  'password_change_required',
  'purchase_required',
  'geo_blocked',
  'capability_missing',
  'not_started',
  'media_unavailable',
  'limit_reached',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  'method_not_allowed',
  'internal_error',
  'service_unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Codes after which a client drops its stored key, fetches a new one and retries once (spec section 8).
 * These errors also name the key in the body's `field` (`api_key` or `channel_key`).
 */
export const KEY_ERROR_CODES: readonly ErrorCode[] = ['api_key_invalid', 'channel_key_invalid', 'channel_not_found'];

/** Status codes whose failures the web client does not report to the error-logging service. */
export const UNREPORTED_STATUS_CODES = [400, 401, 403, 404, 409, 422, 429] as const;

/** The error body every failing call returns. */
export type ErrorBody = {
  error: {
    status: number;
    code: ErrorCode;
    message: string;
    field?: string;
    details?: { path: string; message: string }[];
  };
};
