import type { User } from '@sideline/contract/auth';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { AlertIcon, ChevronLeftIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import type { SaveProfile } from '../types';
import styles from './account.module.css';
import { AccountSummary } from './account-summary';
import { DeleteAccount } from './delete-account';
import { PasswordChangeForm } from './password-change-form';
import { ProfileDetailsForm } from './profile-details-form';

type Props = {
  /** Null for a guest, who is invited to sign in. */
  user: User | null;
  save: SaveProfile;
  /** After a temporary password is changed (the fan may then use the whole site). */
  onTemporaryChanged: () => void;
  /** The panel's content that signs in another device (the auth feature's). */
  otherDevice: ReactNode;
};

/**
 * The profile's edit page: details, password, another device, account summary and deletion. A fan with a
 * temporary password sees the password form alone.
 */
export function ProfileEdit({ user, save, onTemporaryChanged, otherDevice }: Props) {
  // The view titles (views.*) too.
  const { t } = useTranslation(['accounts', 'views']);
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
          <PasswordChangeForm user={user} save={save} onChanged={temporary ? onTemporaryChanged : undefined} />
        </section>
        {!temporary && (
          <>
            <section className={styles.panel} aria-labelledby="profile-other-device">
              <h2 id="profile-other-device">{t('otherDevice.title')}</h2>
              {otherDevice}
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
