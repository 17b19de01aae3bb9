import { registerBodySchema } from '@sideline/contract/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { EmailField, NameFields, PhoneField } from '@/components/form/account-fields';
import { CheckboxField } from '@/components/form/checkbox-field';
import styles from '@/components/form/form.module.css';
import { NewPasswordFields } from '@/components/form/new-password-fields';
import { accountResolver } from '@/components/form/resolver';
import { showServerError } from '@/components/form/server-error';
import { SubmitButton } from '@/components/form/submit-button';
import { currentLanguage } from '@/lib/i18n';
import { register as registerAccount } from '../api/register';
import { recaptchaToken } from './social/recaptcha';
import { TermsLabel } from './terms-label';

// The checkbox starts unticked, which the schema (terms must be `true`) rejects until the fan ticks it.
type RegistrationValues = Omit<z.input<typeof registerBodySchema>, 'terms_accepted'> & { terms_accepted: boolean };
const FIELDS = ['first_name', 'last_name', 'email', 'phone', 'password', 'password_confirmation', 'terms_accepted'];

/**
 * Sign-up: names, e-mail, optional phone, password twice and the terms. The interface language goes along, so
 * the confirmation mail comes in it; a robot check is added when the channel has one.
 */
export function RegistrationForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const { t } = useTranslation('accounts');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegistrationValues, unknown, z.output<typeof registerBodySchema>>({
    resolver: accountResolver(registerBodySchema) as never,
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      phone: '',
      password: '',
      password_confirmation: '',
      terms_accepted: false,
    },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const recaptcha_token = await recaptchaToken('register');
      const result = await registerAccount({
        ...body,
        language: currentLanguage(),
        ...(recaptcha_token ? { recaptcha_token } : {}),
      });
      onRegistered(result.email);
    } catch (error) {
      showServerError(error, setError, FIELDS as (keyof RegistrationValues)[]);
    }
  });

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit} aria-busy={isSubmitting || undefined}>
      <NameFields
        first={{ registration: register('first_name'), error: errors.first_name }}
        last={{ registration: register('last_name'), error: errors.last_name }}
      />
      <EmailField registration={register('email')} error={errors.email} />
      <PhoneField registration={register('phone')} error={errors.phone} />
      <div className={styles.row}>
        <NewPasswordFields
          password={{ label: t('auth.password'), registration: register('password'), error: errors.password }}
          confirmation={{
            label: t('auth.passwordConfirmation'),
            registration: register('password_confirmation'),
            error: errors.password_confirmation,
          }}
        />
      </div>
      <CheckboxField label={<TermsLabel />} registration={register('terms_accepted')} error={errors.terms_accepted} />
      <SubmitButton busy={isSubmitting}>{t('auth.registration.submit')}</SubmitButton>
    </form>
  );
}
