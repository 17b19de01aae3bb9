import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from '@/components/form/form.module.css';
import { MailIcon } from '@/components/ui/detail-icons';
import { AlertIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { i18next } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { describeServerError, errorMessageRef, type TextRef } from '@/locales/accounts/messages';
import { verifyEmail } from '../api/verify-email';
import { startSession } from '../session-change';

/**
 * Confirms the address with the mailed token as soon as the page opens, which signs the account in; `onVerified`
 * then moves on (the guards take a fan without the basic pass to the passes). A failed link says why.
 */
export function EmailVerification({ token, onVerified }: { token: string; onVerified: () => void }) {
  const { t } = useTranslation('accounts');
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<TextRef | null>(null);
  // The answer is handled once per token, whatever re-renders (a language switch) happen meanwhile.
  const onSession = useRef(onVerified);
  onSession.current = onVerified;

  useEffect(() => {
    let live = true;
    verifyEmail(token).then(
      (session) => {
        if (!live) return;
        startSession(queryClient, session);
        toast.success(i18next.t('auth.verifyEmail.confirmed', { ns: 'accounts' }));
        onSession.current();
      },
      (error: unknown) => live && setFailure(errorMessageRef(describeServerError(error).message)),
    );
    return () => {
      live = false;
    };
  }, [token, queryClient]);

  if (!failure) {
    return (
      <p className={styles.status} role="status">
        <MailIcon />
        {t('auth.verifyEmail.working')}
      </p>
    );
  }
  return (
    <div className={styles.form}>
      <div className={styles.status} role="alert">
        <AlertIcon />
        <div>
          <strong>{t('auth.verifyEmail.failed')}</strong>
          <br />
          {t(failure.key, failure.values)}
        </div>
      </div>
      <Link className={`button button-solid ${styles.submit}`} to={paths.login.href()}>
        {t('auth.verifyEmail.signIn')}
      </Link>
    </div>
  );
}
