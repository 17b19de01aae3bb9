import { type ReactNode, useId } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '@/components/ui/icons';
import { messageText } from '../utils/branding-validation';
import formStyles from './fields.module.css';

type Ids = { id: string; hintId: string | undefined; errorId: string; describedBy: string | undefined };

/** The ids that tie an input to its hint and error: `describedBy` names those shown. */
function useFieldIds(hasHint: boolean, error: FieldError | undefined): Ids {
  const id = useId();
  const hintId = hasHint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  const describedBy = [hintId, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

/** A console field's error, in the console's words (`utils/branding-validation.ts` says which). */
export function ConsoleFieldError({ id, error }: { id: string; error: FieldError | undefined }) {
  const { t } = useTranslation('console');
  if (!error?.message) return null;
  const { key, values } = messageText(error.message);
  return (
    <p id={id} className={formStyles.error}>
      <AlertIcon width={16} height={16} />
      {t(key, values)}
    </p>
  );
}

/**
 * A labelled field of the console's forms: `children` gets the ids that tie the input to its label, hint and error.
 */
export function ConsoleField({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string;
  error: FieldError | undefined;
  children: (ids: Ids) => ReactNode;
}) {
  const ids = useFieldIds(!!hint, error);
  return (
    <div className={formStyles.field}>
      <label htmlFor={ids.id} className={formStyles.label}>
        {label}
      </label>
      {children(ids)}
      {hint && (
        <p id={ids.hintId} className={formStyles.hint}>
          {hint}
        </p>
      )}
      <ConsoleFieldError id={ids.errorId} error={error} />
    </div>
  );
}

/** The props that tie an input to its field's label, hint and error. */
export const inputProps = (ids: Ids, error: FieldError | undefined) => ({
  id: ids.id,
  className: formStyles.input,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': ids.describedBy,
});
