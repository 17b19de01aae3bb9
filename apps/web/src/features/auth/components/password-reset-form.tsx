import { passwordResetBodySchema } from '@sideline/contract/auth';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from '@/lib/toast';
import { useAccountsText } from '@/locales/accounts/texts';
import { resetPassword } from '../api/reset-password';
import styles from './form/form.module.css';
import { accountResolver } from './form/resolver';
import { showServerError } from './form/server-error';
import { SubmitButton } from './form/submit-button';
import { TextField } from './form/text-field';

type Values = z.input<typeof passwordResetBodySchema>;

/**
 * A new password for the account the mailed `token` names. Every session of the account ends, so the fan is
 * sent on to sign in with it; an expired or used link comes back as an error toast.
 */
export function PasswordResetForm({ token, onDone }: { token: string; onDone: () => void }) {
  const t = useAccountsText();
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
      <TextField
        label={t('auth.passwordReset.newPassword')}
        type="password"
        autoComplete="new-password"
        hint={t('auth.passwordHint')}
        required
        registration={register('password')}
        error={errors.password}
      />
      <TextField
        label={t('auth.passwordConfirmation')}
        type="password"
        autoComplete="new-password"
        required
        registration={register('password_confirmation')}
        error={errors.password_confirmation}
      />
      <SubmitButton busy={isSubmitting}>{t('auth.passwordReset.submit')}</SubmitButton>
    </form>
  );
}
