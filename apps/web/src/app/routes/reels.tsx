import { VOD_RAIL_SCROLL_MS } from '@sideline/contract/constants';
import { paths } from '@/config/paths';
import { useEventsFirstPage } from '@/features/events/api/get-events';
import { EventRail } from '@/features/events/components/event-rail';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useBrowseText } from '@/locales/browse/texts';
import { useRenderFavorite } from './favorite-slot';
import styles from './reels.module.css';

const LATEST_REPLAYS = { stream_status: 'finished', sort_field: 'event_utc_ts', sort_direction: 'desc' } as const;

/**
 * Moments: until clips of the best plays exist, the latest finished games, real ones, on an on-demand rail.
 */
export function MomentsView() {
  const t = useBrowseText();
  const replays = useEventsFirstPage(LATEST_REPLAYS, 12);
  const renderFavorite = useRenderFavorite();
  const title = t('events.moments.title');
  useDocumentTitle(title);
  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.lead}>{t('events.moments.lead')}</p>
      </header>
      <EventRail
        title={t('events.moments.rail')}
        events={replays.data}
        empty={t('events.railEmpty.recent')}
        seeAll={{ href: paths.vod.href(), label: t('events.moments.allReplays') }}
        scrollMs={VOD_RAIL_SCROLL_MS}
        renderFavorite={renderFavorite}
      />
    </div>
  );
}
