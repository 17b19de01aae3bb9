import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CheckIcon } from '@/components/ui/detail-icons';
import { EmptyState } from '@/components/ui/empty-state';
import { AlertIcon, ChevronLeftIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { profileQueryKey, useUser } from '@/features/auth/api/get-profile';
import { updateProfile } from '@/features/auth/api/update-profile';
import { DeviceCode } from '@/features/auth/components/other-device/device-code';
import { useTokenParam } from '@/features/auth/hooks/use-token-param';
import { endSession } from '@/features/auth/session-change';
import { confirmAccountDeletion } from '@/features/profile/api/confirm-account-deletion';
import { AccountSummary } from '@/features/profile/components/account-summary';
import { DeleteAccount } from '@/features/profile/components/delete-account';
import { PasswordChangeForm } from '@/features/profile/components/password-change-form';
import { ProfileDetailsForm } from '@/features/profile/components/profile-details-form';
import type { SaveProfile } from '@/features/profile/types';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { describeServerError, errorMessageRef, type TextRef } from '@/locales/accounts/messages';
import styles from './profile.module.css';

/**
 * /profile/edit: details, password, account summary and deletion. A fan with a temporary password sees the
 * password form alone (the guards keep them here) and goes home once it is changed. The forms save through the
 * auth feature's `updateProfile`: it stores the key a password change brings and caches the new profile.
 */
export function ProfileEditView() {
  // The view titles (views.*) too.
  const { t } = useTranslation(['accounts', 'views']);
  const user = useUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const save = useCallback<SaveProfile>((body) => updateProfile(queryClient, body), [queryClient]);
  const title = t('views:views.profileEdit.title');
  useDocumentTitle(title);
  if (!user) {
    return (
      <div className="container">
        <EmptyState
          title={title}
          message={t('profileEdit.guestMessage')}
          actions={
            <Link to={paths.login.href()} className="button button-solid">
              {t('nav.signIn')}
            </Link>
          }
        />
      </div>
    );
  }
  const temporary = user.temporary_password;
  return (
    <div className={`container ${styles.edit}`}>
      {!temporary && (
        <Link to={paths.profile.href()} className={styles.back}>
          <ChevronLeftIcon width={18} height={18} />
          {t('profileEdit.back')}
        </Link>
      )}
      <h1 className={styles.title}>{title}</h1>
      {temporary && (
        <div className={styles.notice} role="status">
          <AlertIcon />
          <div>
            <h2>{t('profileEdit.temporaryTitle')}</h2>
            <p>{t('profileEdit.temporaryMessage')}</p>
          </div>
        </div>
      )}
      <div className={styles.panels}>
        {!temporary && (
          <section className={styles.panel} aria-labelledby="profile-details">
            <h2 id="profile-details">{t('profileEdit.details')}</h2>
            <ProfileDetailsForm user={user} save={save} />
          </section>
        )}
        <section className={styles.panel} aria-labelledby="profile-password">
          <h2 id="profile-password">{t('profileEdit.password')}</h2>
          <PasswordChangeForm
            user={user}
            save={save}
            onChanged={temporary ? () => void navigate(paths.home.href(), { replace: true }) : undefined}
          />
        </section>
        {!temporary && (
          <>
            <section className={styles.panel} aria-labelledby="profile-other-device">
              <h2 id="profile-other-device">{t('otherDevice.title')}</h2>
              <DeviceCode />
            </section>
            <section className={styles.panel} aria-labelledby="profile-account">
              <h2 id="profile-account">{t('access.title')}</h2>
              <AccountSummary email={user.email} />
            </section>
            <section className={`${styles.panel} ${styles.dangerPanel}`} aria-labelledby="profile-delete">
              <h2 id="profile-delete">{t('accountDeletion.title')}</h2>
              <DeleteAccount email={user.email} />
            </section>
          </>
        )}
      </div>
    </div>
  );
}

type Deletion = { state: 'working' } | { state: 'done' } | { state: 'failed'; reason: TextRef };

/**
 * /confirm-account-deletion?token=: deletes the account named by the mailed link; a fan signed in on this
 * device is signed out (their key died with the account), then told it is done.
 */
export function ConfirmAccountDeletionView() {
  // The view titles (views.*) too.
  const { t } = useTranslation(['accounts', 'views']);
  const token = useTokenParam();
  const queryClient = useQueryClient();
  const [deletion, setDeletion] = useState<Deletion>({ state: 'working' });

  useEffect(() => {
    if (!token) return;
    let live = true;
    confirmAccountDeletion(token)
      .then(async () => {
        // Only the page that is still open signs out (a remount shares the same answer).
        if (!live) return;
        if (queryClient.getQueryData(profileQueryKey)) await endSession(queryClient);
        setDeletion({ state: 'done' });
      })
      .catch((error: unknown) => {
        if (live) setDeletion({ state: 'failed', reason: errorMessageRef(describeServerError(error).message) });
      });
    return () => {
      live = false;
    };
  }, [token, queryClient]);

  const title =
    deletion.state === 'done'
      ? t('accountDeletion.doneTitle')
      : deletion.state === 'failed' && token
        ? t('accountDeletion.failed')
        : t('views:views.confirmAccountDeletion.title');
  useDocumentTitle(title);
  const home = (
    <Link to={paths.home.href()} className="button button-solid">
      {t('accountDeletion.home')}
    </Link>
  );
  return (
    <div className="container">
      {!token ? (
        <EmptyState
          icon={<AlertIcon width={30} height={30} />}
          title={title}
          message={t('accountDeletion.missingToken')}
          actions={home}
        />
      ) : deletion.state === 'working' ? (
        <EmptyState title={title} actions={null}>
          <p role="status">{t('accountDeletion.working')}</p>
        </EmptyState>
      ) : deletion.state === 'done' ? (
        <EmptyState
          icon={<CheckIcon width={30} height={30} />}
          title={title}
          message={t('accountDeletion.doneMessage')}
          actions={home}
        />
      ) : (
        <EmptyState
          icon={<AlertIcon width={30} height={30} />}
          title={title}
          message={t(deletion.reason.key, deletion.reason.values)}
          actions={home}
        />
      )}
    </div>
  );
}
