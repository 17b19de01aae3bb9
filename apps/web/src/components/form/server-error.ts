import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { i18next } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { describeServerError, errorMessageRef } from '@/locales/accounts/messages';

/** Shows an error as an error toast, translated. */
export function toastError(error: unknown) {
  const { key, values } = errorMessageRef(describeServerError(error).message);
  toast.error(i18next.t(key, { ns: 'accounts', ...values }));
}

/**
 * A failed submit: next to its field when the server named one of the form's fields (focused, so it is read
 * out), as an error toast otherwise.
 */
export function showServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
) {
  const { field, message } = describeServerError(error);
  const target = fields.find((name) => name === field);
  if (target) setError(target, { type: 'server', message }, { shouldFocus: true });
  else toastError(error);
}
