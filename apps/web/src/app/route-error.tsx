import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { AlertIcon } from '@/components/ui/icons';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ChunkLoadError } from '@/lib/with-timeout';

/**
 * A page that could not be shown. When its code did not arrive (failed, or slower than 120 s) the fan can
 * retry; a reload fetches the code again.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunk = error instanceof ChunkLoadError;
  const title = chunk ? t('errors.chunkTitle') : t('errors.unexpectedTitle');
  useDocumentTitle(title);
  return (
    <div className="container">
      <EmptyState
        icon={<AlertIcon width={30} height={30} />}
        title={title}
        message={chunk ? t('errors.chunkMessage') : t('errors.somethingWentWrong')}
        actions={
          <button type="button" className="button button-solid" onClick={() => window.location.reload()}>
            {t('errors.retry')}
          </button>
        }
      />
    </div>
  );
}
