import { profileUpdateBodySchema, type User } from '@sideline/contract/auth';
import { VALIDATION_MESSAGES } from '@sideline/contract/messages';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CurrentPasswordField } from '@/components/form/account-fields';
import styles from '@/components/form/form.module.css';
import { NewPasswordFields } from '@/components/form/new-password-fields';
import { accountResolver } from '@/components/form/resolver';
import { showServerError } from '@/components/form/server-error';
import { SubmitButton } from '@/components/form/submit-button';
import { toast } from '@/lib/toast';
import type { SaveProfile } from '../types';

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
 * key, which `save` (the app gives the auth feature's `updateProfile`) stores before it answers. A
 * temporary-password fan sets theirs here and may then move on.
 */
export function PasswordChangeForm({
  user,
  save,
  onChanged,
}: {
  user: User;
  save: SaveProfile;
  onChanged?: () => void;
}) {
  const { t } = useTranslation('accounts');
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
      await save(body);
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
        <CurrentPasswordField
          label={t('profileEdit.currentPassword')}
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
