import { VALIDATION_MESSAGES } from '@sideline/contract/messages';
import type { ParseKeys } from 'i18next';
import { ApiError, type ApiErrorCode } from '@/lib/api-error';
import { i18next } from '@/lib/i18n';
import type { accountsEn } from './en';

type TextKey = ParseKeys<'accounts'>;
type TextValues = Record<string, string | number>;

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

/** Every code a failed call can carry has a text, `serverErrors.<code>`; the message's English is never read. */
// Asks i18next rather than importing the English texts, so they stay in their namespace's chunk (a page that shows
// server errors loads the accounts namespace).
const translated = (code: string): code is keyof typeof accountsEn.serverErrors =>
  i18next.exists(`serverErrors.${code}`, { ns: 'accounts' });

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
  // A code this build does not know yet (a newer server) reads as a plain failure.
  const key: TextKey = translated(error.code) ? `serverErrors.${error.code}` : 'errors.somethingWentWrong';
  return { field: error.field ?? null, message: key };
}

const isKey = (message: string): message is TextKey =>
  /^(serverErrors|validation|errors|otherDevice)\.\w+$/.test(message);

/** The translation of an error message held by a form: a spec validation message or a translation key. */
export function errorMessageRef(message: string): TextRef {
  return validationRef(message) ?? (isKey(message) ? { key: message } : { key: 'validation.invalid' });
}

// Fails to compile when a code of the contract or of the client has no text.
const everyCodeTranslated: ApiErrorCode extends keyof typeof accountsEn.serverErrors ? true : never = true;
void everyCodeTranslated;
