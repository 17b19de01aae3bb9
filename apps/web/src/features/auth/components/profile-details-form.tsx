import { profileUpdateBodySchema, type User } from '@sideline/contract/auth';
import { LANGUAGES } from '@sideline/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { type FieldValues, useForm } from 'react-hook-form';
import { z } from 'zod';
import { currentLanguage, setLanguage } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useAccountsText } from '@/locales/accounts/texts';
import { updateProfile } from '../api/update-profile';
import styles from './form/form.module.css';
import { accountResolver } from './form/resolver';
import { SelectField } from './form/select-field';
import { showServerError } from './form/server-error';
import { SubmitButton } from './form/submit-button';
import { TextField } from './form/text-field';

type Values = { _method: 'patch'; first_name: string; last_name: string; phone: string; language: string };
const FIELDS = ['first_name', 'last_name', 'phone', 'language'] as const;

// An emptied phone field removes the number (null), which the contract's phone check would otherwise refuse.
const detailsSchema = z.preprocess((value) => {
  const values = value as Record<string, unknown>;
  return { ...values, phone: typeof values.phone === 'string' && !values.phone.trim() ? null : values.phone };
}, profileUpdateBodySchema);

/**
 * Names, phone and language. The language is the one the fan's e-mails come in, and the site switches to it
 * too. (The profile does not say which language is stored, so the form starts from the interface's.)
 */
export function ProfileDetailsForm({ user }: { user: User }) {
  const t = useAccountsText();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof profileUpdateBodySchema>>({
    resolver: accountResolver(detailsSchema as z.ZodType<unknown, FieldValues>) as never,
    defaultValues: {
      _method: 'patch',
      first_name: user.first_name,
      last_name: user.last_name,
      phone: user.phone ?? '',
      language: currentLanguage(),
    },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const updated = await updateProfile(queryClient, body);
      if (body.language && body.language !== currentLanguage()) await setLanguage(body.language, { remember: true });
      reset({ ...body, _method: 'patch', phone: updated.phone ?? '', language: currentLanguage() });
      toast.success(t('profileEdit.saved'));
    } catch (error) {
      showServerError(error, setError, FIELDS);
    }
  });

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit} aria-busy={isSubmitting || undefined}>
      <div className={styles.row}>
        <TextField
          label={t('auth.firstName')}
          autoComplete="given-name"
          required
          registration={register('first_name')}
          error={errors.first_name}
        />
        <TextField
          label={t('auth.lastName')}
          autoComplete="family-name"
          required
          registration={register('last_name')}
          error={errors.last_name}
        />
      </div>
      <div className={styles.row}>
        <TextField
          label={t('auth.phone')}
          type="tel"
          autoComplete="tel"
          hint={t('auth.phoneHint')}
          registration={register('phone')}
          error={errors.phone}
        />
        <SelectField
          label={t('profileEdit.language')}
          hint={t('profileEdit.languageHint')}
          registration={register('language')}
          error={errors.language}
        >
          {LANGUAGES.map((lng) => (
            <option key={lng} value={lng} lang={lng}>
              {t(`languages.${lng}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <SubmitButton busy={isSubmitting}>{t('profileEdit.save')}</SubmitButton>
    </form>
  );
}
