import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from './text-field';

type Field = { label: string; registration: UseFormRegisterReturn; error: FieldError | undefined };

/** A new password and its confirmation (registration, reset, change): same hint, autocomplete and checks. */
export function NewPasswordFields({ password, confirmation }: { password: Field; confirmation: Field }) {
  const { t } = useTranslation('accounts');
  return (
    <>
      <TextField {...password} type="password" autoComplete="new-password" hint={t('auth.passwordHint')} required />
      <TextField {...confirmation} type="password" autoComplete="new-password" required />
    </>
  );
}
