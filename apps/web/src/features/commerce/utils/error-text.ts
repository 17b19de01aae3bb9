import { i18next } from '@/lib/i18n';
import { describeServerError, errorMessageRef } from '@/locales/accounts/messages';

/** A failed commerce call as the fan reads it: the server error's own text (by code), in their language. */
export function errorText(error: unknown): string {
  const { key, values } = errorMessageRef(describeServerError(error).message);
  return i18next.t(key, { ns: 'accounts', ...values });
}
