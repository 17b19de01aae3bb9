import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingPlaceholder } from '@/components/ui/loading-placeholder';
import { useVodRails } from '../api/get-vod-rails';
import { LibraryError } from './library-error';
import styles from './vod-library.module.css';
import { VodRail } from './vod-rail';

/** The library's rails, the first one's pictures loaded at once. */
export function LibraryRails() {
  const { t } = useTranslation('vod');
  const { data, status, refetch } = useVodRails();
  if (status === 'pending') {
    return <LoadingPlaceholder className={styles.placeholder} label={t('library.loading')} />;
  }
  if (status === 'error') return <LibraryError onRetry={() => void refetch()} />;
  const rails = data.filter((r) => r.vod_media_items.length > 0);
  if (!rails.length) {
    return <EmptyState level={2} title={t('library.emptyTitle')} message={t('library.emptyMessage')} />;
  }
  return (
    <div className={styles.rails}>
      {rails.map((rail, i) => (
        <VodRail key={rail.id} rail={rail} eager={i === 0} />
      ))}
    </div>
  );
}
