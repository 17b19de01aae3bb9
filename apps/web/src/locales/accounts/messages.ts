import { MESSAGES, VALIDATION_MESSAGES } from '@sideline/contract/messages';
import { ApiError, type ApiErrorCode } from '@/lib/api-error';
import type { AccountsKey, TextKey, TextValues } from './texts';

/** A text to show: a translation key and its values. */
export type TextRef = { key: TextKey; values?: TextValues };

type ValidationName = keyof typeof VALIDATION_MESSAGES;
/** The validation messages the account forms can produce; each has a `validation.<name>` translation. */
const FORM_VALIDATIONS = [
  'email',
  'firstNameRequired',
  'lastNameRequired',
  'passwordTooShort',
  'passwordsDontMatch',
  'required',
  'tooLong',
  'tooShort',
  'acceptTerms',
  'phone',
] as const satisfies readonly ValidationName[];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// The contract fills `{number}` in before a schema uses a message, so those are matched as patterns.
const VALIDATION_PATTERNS = FORM_VALIDATIONS.map((name) => ({
  name,
  pattern: new RegExp(`^${escapeRegExp(VALIDATION_MESSAGES[name]).replace('\\{number\\}', '(\\d+)')}$`),
}));

/** The translation of a spec validation message (as the contract's schemas write it), or null for another text. */
export function validationRef(message: string): TextRef | null {
  for (const { name, pattern } of VALIDATION_PATTERNS) {
    const match = pattern.exec(message);
    if (match) return { key: `validation.${name}`, ...(match[1] ? { values: { number: Number(match[1]) } } : {}) };
  }
  return null;
}

/** The spec's server messages (contract `MESSAGES`) the accounts pages meet, by their exact text. */
const SERVER_MESSAGES: Record<string, AccountsKey> = {
  [MESSAGES.emailAlreadyRegistered]: 'serverErrors.emailAlreadyRegistered',
  [MESSAGES.wrongAuthData]: 'serverErrors.wrongAuthData',
  [MESSAGES.alreadyLoggedIn]: 'serverErrors.alreadyLoggedIn',
  [MESSAGES.verificationFailed]: 'serverErrors.verificationFailed',
  [MESSAGES.emailAlreadyVerified]: 'serverErrors.emailAlreadyVerified',
  [MESSAGES.userNotFound]: 'serverErrors.userNotFound',
  [MESSAGES.resetKeyExpired]: 'serverErrors.resetKeyExpired',
  [MESSAGES.resetFailed]: 'serverErrors.resetFailed',
  [MESSAGES.recaptchaRequired]: 'serverErrors.recaptchaRequired',
  [MESSAGES.recaptchaInvalid]: 'serverErrors.recaptchaInvalid',
  [MESSAGES.invalidCredentials]: 'serverErrors.invalidCredentials',
  [MESSAGES.notRegisteredAcceptTerms]: 'serverErrors.notRegisteredAcceptTerms',
  [MESSAGES.userMustBeLoggedIn]: 'serverErrors.userMustBeLoggedIn',
  [MESSAGES.tooManyRequests]: 'serverErrors.tooManyRequests',
};

/** Answers whose text is the API's own (not the spec's): recognised by their stable code. */
const SERVER_CODES: Partial<Record<ApiErrorCode, AccountsKey>> = {
  email_not_verified: 'serverErrors.emailNotVerified',
  provider_not_configured: 'serverErrors.providerNotConfigured',
  password_change_required: 'serverErrors.passwordChangeRequired',
  token_invalid: 'serverErrors.linkInvalid',
  token_expired: 'serverErrors.resetKeyExpired',
  rate_limited: 'serverErrors.tooManyRequests',
  network_error: 'serverErrors.network',
  timeout: 'serverErrors.network',
};

/** Validation failures name their place first: `body.email: A valid email address is required`. */
const VALIDATION_DETAIL = /^body\.([\w-]+)(?:\.[\w.-]+)?: (.*)$/;

export type ServerErrorText = {
  /** The form field the error concerns, when the server named one. */
  field: string | null;
  /**
   * What to show: a spec validation message (translated by `validationRef`) for a field's validation failure,
   * otherwise a translation key. Both are plain strings, so a form library can hold them as an error message.
   */
  message: string;
};

/** How a failed account call reads to the fan: which field (if any) and what message. */
export function describeServerError(error: unknown): ServerErrorText {
  if (!(error instanceof ApiError)) return { field: null, message: 'errors.somethingWentWrong' };
  if (error.code === 'validation_failed') {
    const detail = VALIDATION_DETAIL.exec(error.message);
    if (detail?.[1] && detail[2] !== undefined) {
      return { field: detail[1], message: validationRef(detail[2]) ? detail[2] : 'validation.invalid' };
    }
  }
  // The current-password check answers with the login failure's code: its field tells them apart.
  if (error.code === 'invalid_credentials' && error.field === 'current_password') {
    return { field: 'current_password', message: 'serverErrors.currentPasswordWrong' };
  }
  const key = SERVER_MESSAGES[error.message] ?? SERVER_CODES[error.code] ?? 'errors.somethingWentWrong';
  return { field: error.field ?? null, message: key };
}

const isKey = (message: string): message is TextKey => /^(serverErrors|validation|errors)\.\w+$/.test(message);

/** The translation of an error message held by a form: a spec validation message or a translation key. */
export function errorMessageRef(message: string): TextRef {
  return validationRef(message) ?? (isKey(message) ? { key: message } : { key: 'validation.invalid' });
}
