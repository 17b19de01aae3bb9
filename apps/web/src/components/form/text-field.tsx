import { type ReactNode, useState } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icons';
import { FieldNotes, useFieldIds } from './field-error';
import styles from './form.module.css';

type Props = {
  label: string;
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  hint?: ReactNode;
  required?: boolean;
  /** For codes: capitals on a phone keyboard, no spelling marks. */
  autoCapitalize?: 'characters' | 'none';
  spellCheck?: boolean;
};

/**
 * A labelled input whose hint and error are tied to it (aria-describedby), marked invalid while it has an
 * error. Password inputs get a show/hide switch: typing a new password on a phone is easier when you see it.
 */
export function TextField({
  label,
  registration,
  error,
  type = 'text',
  autoComplete,
  hint,
  required,
  autoCapitalize,
  spellCheck,
}: Props) {
  const { t } = useTranslation('accounts');
  const ids = useFieldIds(!!hint, error);
  const { id, describedBy } = ids;
  const [shown, setShown] = useState(false);
  const password = type === 'password';
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={password ? styles.withToggle : undefined}>
        <input
          id={id}
          className={styles.input}
          type={password && shown ? 'text' : type}
          autoComplete={autoComplete}
          autoCapitalize={autoCapitalize}
          spellCheck={spellCheck}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy}
          {...registration}
        />
        {password && (
          <button
            type="button"
            className={styles.toggle}
            aria-pressed={shown}
            aria-label={t('auth.showPassword')}
            onClick={() => setShown((s) => !s)}
          >
            <EyeIcon open={!shown} />
          </button>
        )}
      </div>
      <FieldNotes ids={ids} hint={hint} error={error} />
    </div>
  );
}

function EyeIcon({ open }: { open: boolean }) {
  return (
    <Icon>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {!open && <path d="M4 4l16 16" />}
    </Icon>
  );
}
