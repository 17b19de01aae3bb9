import type { ClipListItem } from '@sideline/contract/clips';
import { VOD_RAIL_SCROLL_MS } from '@sideline/contract/constants';
import { Suspense, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { MomentsFeed } from '@/features/clips/components/moments-feed';
import { useEventsFirstPage } from '@/features/events/api/get-events';
import { EventRail } from '@/features/events/components/event-rail';
import { matchup } from '@/features/events/utils/event-text';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useRenderFavorite } from './favorite-slot';
import styles from './reels.module.css';

const LATEST_REPLAYS = { stream_status: 'finished', sort_field: 'event_utc_ts', sort_direction: 'desc' } as const;

/** Until fans have clipped anything: the latest finished games, on an on-demand rail. */
function LatestReplays() {
  const { t } = useTranslation('browse');
  const replays = useEventsFirstPage(LATEST_REPLAYS, 12);
  const renderFavorite = useRenderFavorite();
  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('events.moments.title')}</h1>
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

function Feed() {
  const { t } = useTranslation('clips');
  const { t: browse } = useTranslation('browse');
  const describeGame = useCallback((event: ClipListItem['event']) => matchup(event, browse), [browse]);
  useDocumentTitle(t('clips.moments.title'));
  return <MomentsFeed describeGame={describeGame} empty={<LatestReplays />} />;
}

/** `/moments`: the channel's latest clips as a vertical feed, one per screen (the latest games until there are). */
export function MomentsView() {
  return (
    // The clips' and the schedule's texts may still be loading (another language).
    <Suspense fallback={null}>
      <Feed />
    </Suspense>
  );
}
