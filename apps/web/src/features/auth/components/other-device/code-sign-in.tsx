import { addSessionBodySchema, type User } from '@sideline/contract/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import formStyles from '@/components/form/form.module.css';
import { accountResolver } from '@/components/form/resolver';
import { showServerError } from '@/components/form/server-error';
import { SubmitButton } from '@/components/form/submit-button';
import { TextField } from '@/components/form/text-field';
import { ApiError } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { addSession } from '../../api/add-session';
import { startSession } from '../../session-change';
import styles from './other-device.module.css';

type CodeValues = z.input<typeof addSessionBodySchema>;

/**
 * The sign-in page's "Have a code from another device?": the code a signed-in device showed signs this one in
 * as that fan, stored as a login's session is. A wrong, used or expired code is told beside the field.
 */
export function CodeSignIn({ onSignedIn }: { onSignedIn: (user: User) => void }) {
  const { t } = useTranslation('accounts');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const formId = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CodeValues, unknown, z.output<typeof addSessionBodySchema>>({
    resolver: accountResolver(addSessionBodySchema),
    defaultValues: { code: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const session = await addSession(body);
      startSession(queryClient, session);
      toast.success(t('auth.login.welcome', { name: session.user.first_name }));
      onSignedIn(session.user);
    } catch (error) {
      // The one refusal a code gets (wrong, used or expired) belongs to the code's field, in words that say what
      // to do (the server's 'Wrong auth data' is the same for a bad password).
      if (error instanceof ApiError && error.code === 'wrong_auth_data') {
        setError('code', { type: 'server', message: 'otherDevice.refused' }, { shouldFocus: true });
      } else showServerError(error, setError, ['code']);
    }
  });

  return (
    <div className={styles.codeSignIn}>
      <button
        type="button"
        className={styles.disclosure}
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen((o) => !o)}
      >
        {t('otherDevice.haveCode')}
      </button>
      <form
        id={formId}
        hidden={!open}
        className={formStyles.form}
        noValidate
        onSubmit={onSubmit}
        aria-busy={isSubmitting || undefined}
      >
        <TextField
          label={t('otherDevice.field')}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          required
          hint={t('otherDevice.hint')}
          registration={register('code')}
          error={errors.code}
        />
        <SubmitButton busy={isSubmitting} variant="outline">
          {t('otherDevice.submit')}
        </SubmitButton>
      </form>
    </div>
  );
}
