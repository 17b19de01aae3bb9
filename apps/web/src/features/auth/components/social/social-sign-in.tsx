import { registerFields, type User } from '@sideline/contract/auth';
import type { SocialProvider } from '@sideline/contract/enums';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CheckboxField } from '@/components/form/checkbox-field';
import formStyles from '@/components/form/form.module.css';
import { accountResolver } from '@/components/form/resolver';
import { toastError } from '@/components/form/server-error';
import { SubmitButton } from '@/components/form/submit-button';
import { channelFile } from '@/config/channel';
import { ApiError } from '@/lib/api-error';
import { currentLanguage } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { socialLogin } from '../../api/social-login';
import { startSession } from '../../session-change';
import { TermsLabel } from '../terms-label';
import { finishSandboxSignIn } from './google-sandbox';
import { FacebookButton, GoogleButton, SandboxGoogleButton } from './provider-buttons';
import styles from './social.module.css';

type Pending = { provider: SocialProvider; token: string; nonce?: string | undefined };
const termsSchema = z.object({ terms_accepted: registerFields.terms_accepted });

/**
 * Google and Facebook sign-in, each shown only when the channel file configures it. A first sign-in creates the
 * account: the API then asks for the terms (`terms_required`), and the same token is sent again with them.
 */
export function SocialSignIn({ onSignedIn }: { onSignedIn: (user: User) => void }) {
  const { google, facebook } = channelFile().providers ?? {};
  if (!google && !facebook) return null;
  return <ProviderChoice google={google} facebook={facebook} onSignedIn={onSignedIn} />;
}

type Providers = ReturnType<typeof channelFile>['providers'];
type ProviderProps = { [K in 'google' | 'facebook']?: Providers[K] | undefined };

function ProviderChoice({ google, facebook, onSignedIn }: ProviderProps & { onSignedIn: (user: User) => void }) {
  const { t } = useTranslation('accounts');
  // The accounts texts hook re-renders this on a language switch, so the current language is read as is.
  const language = currentLanguage();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);

  const signIn = async (provider: SocialProvider, token: string, termsAccepted: boolean, nonce?: string) => {
    setBusy(true);
    try {
      const session = await socialLogin(provider, token, termsAccepted, nonce);
      startSession(queryClient, session);
      setPending(null);
      // The same greeting as a password or code sign-in: the fan sees whose account the provider opened.
      toast.success(t('auth.login.welcome', { name: session.user.first_name }));
      onSignedIn(session.user);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'terms_required') setPending({ provider, token, nonce });
      else toastError(error);
    } finally {
      setBusy(false);
    }
  };

  // Back from the identity sandbox's consent page: finish the sign-in it started (once, on arrival).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once on arrival; signIn is recreated each render
  useEffect(() => {
    if (!google?.sandbox_discovery) return;
    finishSandboxSignIn().then(
      (result) => result && void signIn('google', result.token, false, result.nonce),
      (error) => toastError(error),
    );
  }, []);

  return (
    <section className={styles.social} aria-label={t('auth.or')}>
      <p className={styles.divider}>
        <span>{t('auth.or')}</span>
      </p>
      {google?.sandbox_discovery && (
        <SandboxGoogleButton discovery={google.sandbox_discovery} clientId={google.client_id} busy={busy} />
      )}
      {google && !google.sandbox_discovery && (
        <GoogleButton
          clientId={google.client_id}
          language={language}
          onToken={(token) => void signIn('google', token, false)}
        />
      )}
      {facebook && (
        <FacebookButton
          appId={facebook.app_id}
          language={language}
          busy={busy}
          onToken={(token) => void signIn('facebook', token, false)}
        />
      )}
      {pending && (
        <SocialTerms busy={busy} onAccept={() => signIn(pending.provider, pending.token, true, pending.nonce)} />
      )}
    </section>
  );
}

/** The terms, asked for when a social sign-in would create the account. */
function SocialTerms({ busy, onAccept }: { busy: boolean; onAccept: () => Promise<void> }) {
  const { t } = useTranslation('accounts');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ terms_accepted: boolean }, unknown, z.output<typeof termsSchema>>({
    resolver: accountResolver(termsSchema) as never,
    defaultValues: { terms_accepted: false },
  });
  return (
    <form className={`${formStyles.form} ${styles.terms}`} noValidate onSubmit={handleSubmit(onAccept)}>
      <p className={formStyles.status} role="alert">
        {t('serverErrors.terms_required')}
      </p>
      <CheckboxField label={<TermsLabel />} registration={register('terms_accepted')} error={errors.terms_accepted} />
      <SubmitButton busy={busy}>{t('auth.registration.submit')}</SubmitButton>
    </form>
  );
}
