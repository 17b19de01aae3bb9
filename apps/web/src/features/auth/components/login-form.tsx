import { loginBodySchema, type User } from '@sideline/contract/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { CurrentPasswordField, EmailField } from '@/components/form/account-fields';
import styles from '@/components/form/form.module.css';
import { accountResolver } from '@/components/form/resolver';
import { showServerError } from '@/components/form/server-error';
import { SubmitButton } from '@/components/form/submit-button';
import { paths } from '@/config/paths';
import { toast } from '@/lib/toast';
import { login } from '../api/login';
import { startSession } from '../session-change';

type LoginValues = z.input<typeof loginBodySchema>;

/** E-mail and password. A wrong pair, an unconfirmed address or too many tries come back as an error toast. */
export function LoginForm({ onSignedIn }: { onSignedIn: (user: User) => void }) {
  const { t } = useTranslation('accounts');
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues, unknown, z.output<typeof loginBodySchema>>({
    resolver: accountResolver(loginBodySchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const session = await login(body);
      startSession(queryClient, session);
      toast.success(t('auth.login.welcome', { name: session.user.first_name }));
      onSignedIn(session.user);
    } catch (error) {
      showServerError(error, setError, ['email', 'password']);
    }
  });

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit} aria-busy={isSubmitting || undefined}>
      <EmailField registration={register('email')} error={errors.email} />
      <CurrentPasswordField label={t('auth.password')} registration={register('password')} error={errors.password} />
      <Link className={styles.link} to={paths.passwordResetRequest.href()}>
        {t('auth.login.forgot')}
      </Link>
      <SubmitButton busy={isSubmitting}>{t('auth.login.submit')}</SubmitButton>
    </form>
  );
}
