/**
 * Stable error codes: one per message of the catalogue (`error-catalogue.ts`), so a client decides and
 * translates on the code alone; the message is for people reading the raw answer.
 * Dependency-free so the web app's first chunk can import it.
 */
export const ERROR_CODES = [
  // A field's value is wrong: the message names the field, `details` list every field.
  'validation_failed',
  'bad_request',
  'body_invalid',
  'content_length_invalid',
  'payload_too_large',
  'request_header_fields_too_large',
  'unsupported_media_type',
  // Keys and sign-in.
  'api_key_invalid',
  'channel_key_invalid',
  'channel_not_found',
  'login_required',
  'invalid_credentials',
  'wrong_auth_data',
  'current_password_wrong',
  'already_logged_in',
  'email_taken',
  'email_not_verified',
  'email_already_verified',
  'verification_failed',
  'user_not_found',
  'reset_key_expired',
  'reset_failed',
  'deletion_link_invalid',
  'terms_required',
  'recaptcha_required',
  'recaptcha_invalid',
  'provider_not_configured',
  'password_change_required',
  // Playback and media.
  'purchase_required',
  'geo_blocked',
  'capability_missing',
  'not_started',
  'media_unavailable',
  'media_link_invalid',
  'limit_reached',
  'clip_not_ready',
  'range_not_satisfiable',
  'operator_token_required',
  // The console.
  'console_role_required',
  'channel_address_taken',
  'game_has_orders',
  'game_started',
  'game_not_live',
  'catalogue_item_in_use',
  'last_owner',
  'catalogue_alias_taken',
  'page_url_taken',
  // Commerce.
  'id_not_selected',
  'single_event_package_required',
  'no_payment_method',
  'wrong_promo_code',
  'already_purchased',
  'already_has_access',
  'purchase_pending',
  'not_for_sale',
  'trial_already_used',
  'order_not_found',
  'not_cancellable',
  'idempotency_key_reused',
  'card_invalid',
  'card_declined',
  'payment_method_not_found',
  'payment_provider_error',
  'webhook_signature_invalid',
  // Things that are not there.
  'not_found',
  'event_not_found',
  'page_not_found',
  'form_not_found',
  'pass_not_found',
  'favorite_not_found',
  'favorite_target_not_found',
  'clip_not_found',
  // The service itself.
  'rate_limited',
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
