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
