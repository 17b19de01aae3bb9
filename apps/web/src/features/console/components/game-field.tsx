import { type ReactNode, useId } from 'react';
import { AlertIcon } from '@/components/ui/icons';
import formStyles from './fields.module.css';

type Ids = { id: string; hintId: string | undefined; errorId: string; describedBy: string | undefined };

/**
 * A labelled field of the game form, like `ConsoleField` but with its error already in words (the game form's
 * errors are its own texts, not the branding form's).
 */
export function GameField({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string;
  error: { message?: string } | undefined;
  children: (ids: Ids) => ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  const describedBy = [hintId, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className={formStyles.field}>
      <label htmlFor={id} className={formStyles.label}>
        {label}
      </label>
      {children({ id, hintId, errorId, describedBy })}
      {hint && (
        <p id={hintId} className={formStyles.hint}>
          {hint}
        </p>
      )}
      {error?.message && (
        <p id={errorId} className={formStyles.error}>
          <AlertIcon width={16} height={16} />
          {error.message}
        </p>
      )}
    </div>
  );
}
