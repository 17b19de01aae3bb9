import { profileUpdateBodySchema, type User } from '@sideline/contract/auth';
import { VALIDATION_MESSAGES } from '@sideline/contract/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from '@/lib/toast';
import { useAccountsText } from '@/locales/accounts/texts';
import { updateProfile } from '../api/update-profile';
import styles from './form/form.module.css';
import { NewPasswordFields } from './form/new-password-fields';
import { accountResolver } from './form/resolver';
import { showServerError } from './form/server-error';
import { SubmitButton } from './form/submit-button';
import { TextField } from './form/text-field';

type Values = { _method: 'patch'; current_password?: string; password: string; password_confirmation: string };
const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;

/**
 * The contract's profile change, with the current password required as the server requires it: except for a
 * temporary password, which whoever created the account knows, so it proves nothing.
 */
const passwordChangeSchema = (temporary: boolean) =>
  profileUpdateBodySchema.refine((body) => temporary || !!body.current_password, {
    message: VALIDATION_MESSAGES.required,
    path: ['current_password'],
    when: () => true,
  });

/**
 * A new password (twice), with the current one. The server ends every other session and hands this one a new
 * key, which `updateProfile` stores. A temporary-password fan sets theirs here and may then move on.
 */
export function PasswordChangeForm({ user, onChanged }: { user: User; onChanged?: () => void }) {
  const t = useAccountsText();
  const queryClient = useQueryClient();
  const temporary = user.temporary_password;
  const schema = useMemo(() => passwordChangeSchema(temporary), [temporary]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof profileUpdateBodySchema>>({
    resolver: accountResolver(schema) as never,
    defaultValues: {
      _method: 'patch',
      password: '',
      password_confirmation: '',
      ...(temporary ? {} : { current_password: '' }),
    },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      await updateProfile(queryClient, body);
      reset();
      toast.success(t(temporary ? 'profileEdit.temporarySaved' : 'profileEdit.passwordSaved'));
      onChanged?.();
    } catch (error) {
      showServerError(error, setError, FIELDS);
    }
  });

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit} aria-busy={isSubmitting || undefined}>
      {/* Lets the browser's password manager tie the new password to the account. */}
      <input type="email" name="username" autoComplete="username" value={user.email} readOnly hidden />
      {!temporary && (
        <TextField
          label={t('profileEdit.currentPassword')}
          type="password"
          autoComplete="current-password"
          required
          registration={register('current_password')}
          error={errors.current_password}
        />
      )}
      <div className={styles.row}>
        <NewPasswordFields
          password={{ label: t('profileEdit.newPassword'), registration: register('password'), error: errors.password }}
          confirmation={{
            label: t('profileEdit.confirmPassword'),
            registration: register('password_confirmation'),
            error: errors.password_confirmation,
          }}
        />
      </div>
      <SubmitButton busy={isSubmitting}>{t('profileEdit.savePassword')}</SubmitButton>
    </form>
  );
}
