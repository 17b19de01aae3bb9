import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckIcon } from '@/components/ui/detail-icons';
import { EmptyState } from '@/components/ui/empty-state';
import { AlertIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { describeServerError, errorMessageRef, type TextRef } from '@/locales/accounts/messages';
import { confirmAccountDeletion } from '../api/confirm-account-deletion';

type Deletion = { state: 'working' } | { state: 'done' } | { state: 'failed'; reason: TextRef };

/**
 * Deletes the account named by a mailed link's `token`, then `signOut` (the app ends this device's session if it
 * has one: its key died with the account), then says it is done; or that the link lacks its token, or it failed.
 */
export function ConfirmAccountDeletion({ token, signOut }: { token: string | null; signOut: () => Promise<void> }) {
  // The view titles (views.*) too.
  const { t } = useTranslation(['accounts', 'views']);
  const [deletion, setDeletion] = useState<Deletion>({ state: 'working' });
  useEffect(() => {
    if (!token) return;
    let live = true;
    confirmAccountDeletion(token)
      .then(async () => {
        // Only the page that is still open signs out (a remount shares the same answer).
        if (!live) return;
        await signOut();
        setDeletion({ state: 'done' });
      })
      .catch((error: unknown) => {
        if (live) setDeletion({ state: 'failed', reason: errorMessageRef(describeServerError(error).message) });
      });
    return () => {
      live = false;
    };
  }, [token, signOut]);

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
