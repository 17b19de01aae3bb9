import { passwordResetBodySchema } from '@sideline/contract/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import styles from '@/components/form/form.module.css';
import { NewPasswordFields } from '@/components/form/new-password-fields';
import { accountResolver } from '@/components/form/resolver';
import { showServerError } from '@/components/form/server-error';
import { SubmitButton } from '@/components/form/submit-button';
import { toast } from '@/lib/toast';
import { resetPassword } from '../api/reset-password';

type Values = z.input<typeof passwordResetBodySchema>;

/**
 * A new password for the account the mailed `token` names. Every session of the account ends, so the fan is
 * sent on to sign in with it; an expired or used link comes back as an error toast.
 */
export function PasswordResetForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation('accounts');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof passwordResetBodySchema>>({
    resolver: accountResolver(passwordResetBodySchema),
    defaultValues: { token, password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      await resetPassword(body);
      toast.success(t('auth.passwordReset.done'));
      onDone();
    } catch (error) {
      showServerError(error, setError, ['password', 'password_confirmation']);
    }
  });

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit} aria-busy={isSubmitting || undefined}>
      <NewPasswordFields
        password={{
          label: t('auth.passwordReset.newPassword'),
          registration: register('password'),
          error: errors.password,
        }}
        confirmation={{
          label: t('auth.passwordConfirmation'),
          registration: register('password_confirmation'),
          error: errors.password_confirmation,
        }}
      />
      <SubmitButton busy={isSubmitting}>{t('auth.passwordReset.submit')}</SubmitButton>
    </form>
  );
}
