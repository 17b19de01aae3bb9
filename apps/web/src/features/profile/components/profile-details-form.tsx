import { profileUpdateBodySchema, type User } from '@sideline/contract/auth';
import { LANGUAGES } from '@sideline/contract/constants';
import { type FieldValues, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { NameFields, PhoneField } from '@/components/form/account-fields';
import styles from '@/components/form/form.module.css';
import { accountResolver } from '@/components/form/resolver';
import { SelectField } from '@/components/form/select-field';
import { showServerError } from '@/components/form/server-error';
import { SubmitButton } from '@/components/form/submit-button';
import { currentLanguage, setLanguage } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import type { SaveProfile } from '../types';

type Values = { _method: 'patch'; first_name: string; last_name: string; phone: string; language: string };
const FIELDS = ['first_name', 'last_name', 'phone', 'language'] as const;

// An emptied phone field removes the number (null), which the contract's phone check would otherwise refuse.
const detailsSchema = z.preprocess((value) => {
  const values = value as Record<string, unknown>;
  return { ...values, phone: typeof values.phone === 'string' && !values.phone.trim() ? null : values.phone };
}, profileUpdateBodySchema);

/**
 * Names, phone and language. The language is the one the fan's e-mails come in, and the site switches to it
 * too. (The profile does not say which language is stored, so the form starts from the interface's.) `save` sends
 * the change; the form shows its answer.
 */
export function ProfileDetailsForm({ user, save }: { user: User; save: SaveProfile }) {
  const { t } = useTranslation('accounts');
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
      const updated = await save(body);
      if (body.language && body.language !== currentLanguage()) await setLanguage(body.language, { remember: true });
      reset({ ...body, _method: 'patch', phone: updated.phone ?? '', language: currentLanguage() });
      toast.success(t('profileEdit.saved'));
    } catch (error) {
      showServerError(error, setError, FIELDS);
    }
  });

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit} aria-busy={isSubmitting || undefined}>
      <NameFields
        first={{ registration: register('first_name'), error: errors.first_name }}
        last={{ registration: register('last_name'), error: errors.last_name }}
      />
      <div className={styles.row}>
        <PhoneField registration={register('phone')} error={errors.phone} />
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
