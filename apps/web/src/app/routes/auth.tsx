import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { AuthPage, MissingToken } from '@/features/auth/components/auth-page';
import { EmailVerification } from '@/features/auth/components/email-verification';
import { LoginForm } from '@/features/auth/components/login-form';
import { CodeSignIn } from '@/features/auth/components/other-device/code-sign-in';
import { PasswordResetForm } from '@/features/auth/components/password-reset-form';
import { PasswordResetRequestForm } from '@/features/auth/components/password-reset-request-form';
import { RegistrationForm } from '@/features/auth/components/registration-form';
import { SocialSignIn } from '@/features/auth/components/social/social-sign-in';
import { VerifyNotice } from '@/features/auth/components/verify-notice';
import { useTokenParam } from '@/features/auth/hooks/use-token-param';
import { lastPage } from '../last-page';

/** After signing in: back where the fan was (the guards then steer a new fan to the passes). */
function useAfterSignIn() {
  const navigate = useNavigate();
  return useCallback(() => void navigate(lastPage()?.href ?? paths.home.href(), { replace: true }), [navigate]);
}

export function LoginView() {
  const { t } = useTranslation('accounts');
  const done = useAfterSignIn();
  return (
    <AuthPage
      title="views.login.title"
      intro={t('auth.login.intro')}
      footer={
        <>
          {t('auth.login.noAccount')} <Link to={paths.registration.href()}>{t('auth.login.register')}</Link>
        </>
      }
    >
      <LoginForm onSignedIn={done} />
      <SocialSignIn onSignedIn={done} />
      <CodeSignIn onSignedIn={done} />
    </AuthPage>
  );
}

export function RegistrationView() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const done = useAfterSignIn();
  return (
    <AuthPage
      title="views.registration.title"
      intro={t('auth.registration.intro')}
      footer={
        <>
          {t('auth.registration.haveAccount')} <Link to={paths.login.href()}>{t('auth.registration.signIn')}</Link>
        </>
      }
    >
      <RegistrationForm onRegistered={(email) => void navigate(paths.verifyNotice.href(), { state: { email } })} />
      <SocialSignIn onSignedIn={done} />
    </AuthPage>
  );
}

/** After sign-up: the address the link went to (carried in the navigation's state; absent on a direct visit). */
export function VerifyNoticeView() {
  const state = useLocation().state as { email?: unknown } | null;
  const email = typeof state?.email === 'string' ? state.email : null;
  return (
    <AuthPage title="views.verifyNotice.title">
      <VerifyNotice email={email} />
    </AuthPage>
  );
}

export function VerifyEmailView() {
  const { t } = useTranslation('accounts');
  const token = useTokenParam();
  const navigate = useNavigate();
  // Home, through the guards: a new fan goes on to choose the basic pass.
  const onVerified = useCallback(() => void navigate(paths.home.href(), { replace: true }), [navigate]);
  return (
    <AuthPage title="views.verifyEmail.title">
      {token ? (
        <EmailVerification token={token} onVerified={onVerified} />
      ) : (
        <MissingToken
          message={t('auth.verifyEmail.missingToken')}
          to={paths.login.href()}
          label={t('auth.verifyEmail.signIn')}
        />
      )}
    </AuthPage>
  );
}

export function PasswordResetRequestView() {
  const { t } = useTranslation('accounts');
  return (
    <AuthPage
      title="views.passwordResetRequest.title"
      intro={t('auth.passwordResetRequest.intro')}
      footer={<Link to={paths.login.href()}>{t('auth.passwordResetRequest.back')}</Link>}
    >
      <PasswordResetRequestForm />
    </AuthPage>
  );
}

export function PasswordResetView() {
  const { t } = useTranslation('accounts');
  const token = useTokenParam();
  const navigate = useNavigate();
  return (
    <AuthPage title="views.passwordReset.title" intro={token ? t('auth.passwordReset.intro') : undefined}>
      {token ? (
        <PasswordResetForm token={token} onDone={() => void navigate(paths.login.href(), { replace: true })} />
      ) : (
        <MissingToken
          message={t('auth.passwordReset.missingToken')}
          to={paths.passwordResetRequest.href()}
          label={t('auth.passwordReset.requestNew')}
        />
      )}
    </AuthPage>
  );
}
