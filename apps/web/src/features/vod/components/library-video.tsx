import type { VodMediaItem } from '@sideline/contract/vod';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLanguage } from '@/hooks/use-language';
import { formatDate } from '@/lib/format';
import { RefusalScreen } from './library-refusal';
import styles from './watch-library.module.css';

/**
 * A library video's page: its player (`children`) with the video's title, date and description under it; the
 * library's way back when the channel has no such video; Retry when the video could not be read.
 */
export function LibraryVideo({
  item,
  failed,
  onRetry,
  children,
}: {
  /** Null: no such video; undefined: still loading. */
  item: VodMediaItem | null | undefined;
  failed: boolean;
  onRetry: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('vod');
  const lng = useLanguage();
  useDocumentTitle(item ? item.title : item === null ? t('libraryWatch.notFoundTitle') : undefined);

  if (item === null) {
    return (
      <div className="container">
        <EmptyState
          title={t('libraryWatch.notFoundTitle')}
          message={t('libraryWatch.notFoundMessage')}
          actions={
            <Link to={paths.vodLibrary.href()} className="button button-solid">
              {t('libraryWatch.backToLibrary')}
            </Link>
          }
        />
      </div>
    );
  }
  if (failed) {
    return (
      <div className="container">
        <RefusalScreen refusal="error" onRetry={onRetry} />
      </div>
    );
  }
  return (
    <div className={`container ${styles.page}`}>
      {children}
      {item && (
        <div className={styles.info}>
          <h1 className={styles.title}>{item.title}</h1>
          <p className={styles.date}>
            <time dateTime={item.date}>
              {t('libraryWatch.published', { date: formatDate(new Date(item.date), lng) })}
            </time>
          </p>
          {item.description && <p className={styles.description}>{item.description}</p>}
          <Link to={paths.vodLibrary.href()} className={styles.back}>
            {t('libraryWatch.backToLibrary')}
          </Link>
        </div>
      )}
    </div>
  );
}
