import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './form.module.css';

/**
 * The form's button. While the request runs it stays focusable (a disabled button would drop the focus) but
 * refuses a second submit, shows a spinner and says so to screen readers.
 */
export function SubmitButton({
  busy,
  children,
  variant = 'solid',
  type = 'submit',
  onClick,
}: {
  busy: boolean;
  children: ReactNode;
  variant?: 'solid' | 'outline' | 'danger';
  type?: 'submit' | 'button';
  onClick?: () => void;
}) {
  const { t } = useTranslation('accounts');
  return (
    <button
      type={type}
      className={`button ${variant === 'solid' ? 'button-solid' : 'button-outline'} ${styles.submit}`}
      data-variant={variant}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
        else onClick?.();
      }}
    >
      {busy && <span className={styles.spinner} aria-hidden="true" />}
      {children}
      {busy && <span className="sr-only">{t('auth.working')}</span>}
    </button>
  );
}
