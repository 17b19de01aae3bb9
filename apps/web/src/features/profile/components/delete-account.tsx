import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CanceledError, confirm } from '@/lib/dialog';
import { toast } from '@/lib/toast';
import { describeServerError, errorMessageRef } from '@/locales/accounts/messages';
import { requestAccountDeletion } from '../api/request-account-deletion';
import styles from './profile.module.css';

/**
 * "Delete my account": asks first (the confirm popup), then has the server mail a confirmation link. Nothing is
 * deleted until that link is opened, so the page only tells the fan to check their e-mail.
 */
export function DeleteAccount({ email }: { email: string }) {
  const { t } = useTranslation('accounts');
  const [busy, setBusy] = useState(false);
  const [requested, setRequested] = useState(false);

  const onDelete = async () => {
    if (busy) return;
    try {
      await confirm({
        title: t('accountDeletion.confirmTitle'),
        message: t('accountDeletion.confirmMessage', { email }),
        okLabel: t('accountDeletion.confirmOk'),
      });
    } catch (error) {
      if (error instanceof CanceledError) return;
      throw error;
    }
    setBusy(true);
    try {
      await requestAccountDeletion();
      setRequested(true);
      toast.success(t('accountDeletion.requested'));
    } catch (error) {
      const { key, values } = errorMessageRef(describeServerError(error).message);
      toast.error(t(key, values));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.danger}>
      <p>{t('accountDeletion.message')}</p>
      <button
        type="button"
        className={`button button-outline ${styles.dangerButton}`}
        aria-disabled={busy || undefined}
        onClick={() => void onDelete()}
      >
        {t('accountDeletion.button')}
      </button>
      {requested && (
        <p className={styles.notice} role="status">
          {t('accountDeletion.requested')}
        </p>
      )}
    </div>
  );
}
