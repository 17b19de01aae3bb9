import type { ErrorCode } from './error-codes';
import { MESSAGES } from './messages';

/**
 * The error catalogue: the one message each code carries. The API builds every error's message from here, so a
 * code never says two different things and a client may translate by code alone.
 *
 * Two exceptions, both by design:
 * - `validation_failed` names the field in its message (`body.email: A valid email address is required`); the
 *   message below is only its summary.
 * - The key errors (`KEY_ERROR_CODES`) all say the spec's "No channel or api key found": clients tell them apart
 *   by code and by the key named in `field`.
 * Kept apart from `error-codes.ts` on purpose: the web's first chunk needs the codes, not the texts.
 */
export const CATALOGUE = {
  validation_failed: MESSAGES.validationFailed,
  bad_request: 'The request could not be read',
  body_invalid: 'The body is not valid JSON',
  content_length_invalid: 'Content-Length is wrong',
  payload_too_large: 'The request body is too large',
  request_header_fields_too_large: 'The request address or headers are too long',
  unsupported_media_type: 'Send the body as application/json',

  api_key_invalid: MESSAGES.noChannelOrApiKey,
  channel_key_invalid: MESSAGES.noChannelOrApiKey,
  channel_not_found: MESSAGES.noChannelOrApiKey,
  login_required: MESSAGES.userMustBeLoggedIn,
  invalid_credentials: MESSAGES.invalidCredentials,
  wrong_auth_data: MESSAGES.wrongAuthData,
  current_password_wrong: 'The current password is not right',
  already_logged_in: MESSAGES.alreadyLoggedIn,
  email_taken: MESSAGES.emailAlreadyRegistered,
  email_not_verified: 'Please confirm your e-mail address first: we have sent you a new link',
  email_already_verified: MESSAGES.emailAlreadyVerified,
  verification_failed: MESSAGES.verificationFailed,
  user_not_found: MESSAGES.userNotFound,
  reset_key_expired: MESSAGES.resetKeyExpired,
  reset_failed: MESSAGES.resetFailed,
  deletion_link_invalid: 'This confirmation link is not valid any more',
  terms_required: MESSAGES.notRegisteredAcceptTerms,
  recaptcha_required: MESSAGES.recaptchaRequired,
  recaptcha_invalid: MESSAGES.recaptchaInvalid,
  provider_not_configured: 'This sign-in method is not available here',
  password_change_required: 'Please choose a new password first',

  purchase_required: 'This game needs a pass or a single-game purchase',
  geo_blocked: MESSAGES.regionBlocked,
  capability_missing: 'Your account does not include this on this channel',
  not_started: 'This game has not started yet',
  media_unavailable: 'The video is being prepared. Please try again in a minute',
  media_link_invalid: 'This media link is not valid',
  limit_reached: 'You have used all your downloads',
  operator_token_required: 'The operator token is required',
  channel_address_taken: 'Another channel already uses this slug or host name',
  game_has_orders: 'Fans have bought this game: refund their orders before deleting it',
  game_started: 'This game has started: it stays in the schedule, with its replay and clips',
  game_not_live: 'This game is not live',
  catalogue_item_in_use: 'Games or teams use this: change them first (the details name them)',
  catalogue_alias_taken: 'Another row of this kind already has this alias',
  page_url_taken: 'Another page of this channel already has this address',
  last_owner: 'A channel keeps at least one owner: make someone else owner first',
  console_role_required: "Your account has no role in this channel's console that allows this",

  id_not_selected: MESSAGES.idNotSelected,
  single_event_package_required: 'A paid game is bought with its single-event package',
  no_payment_method: MESSAGES.noPaymentMethod,
  wrong_promo_code: MESSAGES.wrongPromoCode,
  already_purchased: 'You already have access to this',
  already_has_access: 'What you already have covers this: there is nothing to buy',
  purchase_pending: 'A payment for this is already in progress. Wait a moment and check your orders',
  not_for_sale: 'This is not for sale',
  trial_already_used: 'Your free trial has already been used',
  order_not_found: 'Order not found',
  not_cancellable: 'This order does not renew',
  idempotency_key_reused: 'This checkout key was used for another purchase',
  card_invalid: 'The card details are not valid',
  card_declined: 'The card was declined when it was checked. It was not saved',
  payment_method_not_found: 'This card is not saved on your account',
  payment_provider_error: 'The payment service did not answer. Please try again',
  webhook_signature_invalid: 'The signature is not valid',

  not_found: MESSAGES.notFound,
  event_not_found: 'Event not found',
  page_not_found: 'Page not found',
  form_not_found: 'Form not found',
  pass_not_found: MESSAGES.passNotFound,
  favorite_not_found: 'Favorite not found',
  clip_not_found: 'Clip not found',
  clip_not_ready: 'The clip is not ready yet',
  range_not_satisfiable: 'The requested byte range is outside the file',
  favorite_target_not_found: 'Nothing to follow with that id',

  rate_limited: MESSAGES.tooManyRequests,
  internal_error: MESSAGES.somethingWentWrong,
  service_unavailable: 'The service is unavailable for a moment. Please try again shortly',
} as const satisfies Record<ErrorCode, string>;

/** The message of a code. */
export const catalogueMessage = (code: ErrorCode): string => CATALOGUE[code];
