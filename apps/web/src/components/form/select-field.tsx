import type { ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FieldNotes, useFieldIds } from './field-error';
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
  const ids = useFieldIds(!!hint, error);
  const { id, describedBy } = ids;
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
      <FieldNotes ids={ids} hint={hint} error={error} />
    </div>
  );
}
