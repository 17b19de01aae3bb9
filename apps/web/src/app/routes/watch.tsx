import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PlayIcon } from '@/components/ui/icons';
import { useEvent } from '@/features/events/api/get-event';
import { EventDetail } from '@/features/events/components/event-detail';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ComingSoon } from './coming-soon';
import { useRenderFavorite } from './favorite-slot';
import styles from './watch.module.css';

/** The game's information under the player: teams, time, venue, access and favorites. */
function WatchInfo() {
  const id = Number(useParams().id);
  const { data: event } = useEvent(id);
  const renderFavorite = useRenderFavorite();
  if (!event) return null;
  return (
    <div className={`container ${styles.info}`}>
      <EventDetail event={event} headingLevel={2} renderFavorite={renderFavorite} />
    </div>
  );
}

export const WatchView = () => (
  <>
    <ComingSoon view="watch" />
    {/* Its texts may still be loading (another language): the rest of the page does not wait for them. */}
    <Suspense fallback={null}>
      <WatchInfo />
    </Suspense>
  </>
);
export const WatchLibraryView = () => <ComingSoon view="watchLibrary" />;

/** The embeddable player: a bare 16:9 stage, no header or footer. */
export function WatchEmbedView() {
  const { t } = useTranslation();
  useDocumentTitle(t('views.watch.title'));
  return (
    <div className={styles.stage}>
      <div className={styles.notice}>
        <PlayIcon width={48} height={48} />
        <h1 className={styles.title}>{t('views.watch.title')}</h1>
        <p>{t('views.watch.message')}</p>
      </div>
    </div>
  );
}
