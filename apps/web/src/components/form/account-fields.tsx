import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import styles from './form.module.css';
import { TextField } from './text-field';

type Field = { registration: UseFormRegisterReturn; error: FieldError | undefined };

/** The account's e-mail (sign-in, sign-up, reset request): one label, type and autocomplete wherever it is asked. */
export function EmailField(field: Field) {
  const { t } = useTranslation('accounts');
  return <TextField {...field} label={t('auth.email')} type="email" autoComplete="email" required />;
}

/** First and last name side by side (sign-up, profile). */
export function NameFields({ first, last }: { first: Field; last: Field }) {
  const { t } = useTranslation('accounts');
  return (
    <div className={styles.row}>
      <TextField {...first} label={t('auth.firstName')} autoComplete="given-name" required />
      <TextField {...last} label={t('auth.lastName')} autoComplete="family-name" required />
    </div>
  );
}

/** The optional phone number with its hint (sign-up, profile). */
export function PhoneField(field: Field) {
  const { t } = useTranslation('accounts');
  return <TextField {...field} label={t('auth.phone')} type="tel" autoComplete="tel" hint={t('auth.phoneHint')} />;
}

/** The password the fan has now (sign-in, password change), which the browser's password manager fills in. */
export function CurrentPasswordField(field: Field & { label: string }) {
  return <TextField {...field} type="password" autoComplete="current-password" required />;
}
