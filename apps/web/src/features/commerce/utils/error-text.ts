import { describeServerError, errorMessageRef } from '@/locales/accounts/messages';
import { accountsText } from '@/locales/accounts/texts';

/** A failed commerce call as the fan reads it: the server error's own text (by code), in their language. */
export function errorText(error: unknown): string {
  const { key, values } = errorMessageRef(describeServerError(error).message);
  return accountsText(key, values);
}
