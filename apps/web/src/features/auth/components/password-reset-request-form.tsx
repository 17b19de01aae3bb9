import { passwordResetRequestBodySchema } from '@sideline/contract/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { EmailField } from '@/components/form/account-fields';
import styles from '@/components/form/form.module.css';
import { accountResolver } from '@/components/form/resolver';
import { showServerError } from '@/components/form/server-error';
import { SubmitButton } from '@/components/form/submit-button';
import { MailIcon } from '@/components/ui/detail-icons';
import { requestPasswordReset } from '../api/request-password-reset';

type Values = z.input<typeof passwordResetRequestBodySchema>;

/** Asks for a reset link; once sent, the form gives way to a notice naming the address. */
export function PasswordResetRequestForm() {
  const { t } = useTranslation('accounts');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof passwordResetRequestBodySchema>>({
    resolver: accountResolver(passwordResetRequestBodySchema),
    defaultValues: { email: '' },
  });

  if (sentTo) {
    return (
      <p className={styles.status} role="status">
        <MailIcon />
        {t('auth.passwordResetRequest.sent', { email: sentTo })}
      </p>
    );
  }

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await requestPasswordReset(email);
      setSentTo(email);
    } catch (error) {
      showServerError(error, setError, ['email']);
    }
  });

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit} aria-busy={isSubmitting || undefined}>
      <EmailField registration={register('email')} error={errors.email} />
      <SubmitButton busy={isSubmitting}>{t('auth.passwordResetRequest.submit')}</SubmitButton>
    </form>
  );
}
