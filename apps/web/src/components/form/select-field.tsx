import { type ReactNode, useId } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FieldErrorText } from './field-error';
import styles from './form.module.css';

/** A labelled select, with its hint and error tied to it like a text field's. */
export function SelectField({
  label,
  registration,
  error,
  hint,
  children,
}: {
  label: string;
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
  hint?: string;
  children: ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  const describedBy = [hintId, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        id={id}
        className={`${styles.input} ${styles.select}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...registration}
      >
        {children}
      </select>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <FieldErrorText id={errorId} error={error} />
    </div>
  );
}
