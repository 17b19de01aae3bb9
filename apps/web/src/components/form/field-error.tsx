import { type ReactNode, useId } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '@/components/ui/icons';
import { errorMessageRef } from '@/locales/accounts/messages';
import styles from './form.module.css';

/**
 * A field's error, translated when shown (so it follows a language switch): the form keeps the spec's English
 * message, or a translation key for the server's answers.
 */
export function FieldErrorText({ id, error }: { id: string; error: FieldError | undefined }) {
  const { t } = useTranslation('accounts');
  if (!error?.message) return null;
  const { key, values } = errorMessageRef(error.message);
  return (
    <p id={id} className={styles.error}>
      <AlertIcon width={16} height={16} />
      {t(key, values)}
    </p>
  );
}

export type FieldIds = { id: string; hintId: string | undefined; errorId: string; describedBy: string | undefined };

/** The ids that tie an input to its hint and error: `describedBy` names those shown. */
export function useFieldIds(hasHint: boolean, error: FieldError | undefined): FieldIds {
  const id = useId();
  const hintId = hasHint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  const describedBy = [hintId, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

/** A field's hint and error under its input, with the ids `useFieldIds` gave it. */
export function FieldNotes({ ids, hint, error }: { ids: FieldIds; hint?: ReactNode; error: FieldError | undefined }) {
  return (
    <>
      {hint && (
        <p id={ids.hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <FieldErrorText id={ids.errorId} error={error} />
    </>
  );
}
