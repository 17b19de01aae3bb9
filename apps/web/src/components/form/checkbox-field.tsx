import { type ReactNode, useId } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FieldErrorText } from './field-error';
import styles from './form.module.css';

/** A checkbox with its label beside it and its error tied to it. */
export function CheckboxField({
  label,
  registration,
  error,
}: {
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <div className={styles.checkbox}>
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-required="true"
          aria-describedby={error ? errorId : undefined}
          {...registration}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      <FieldErrorText id={errorId} error={error} />
    </div>
  );
}
