import { VOD_RAIL_SCROLL_MS } from '@sideline/contract/constants';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { useEventsFirstPage } from '../api/get-events';
import type { RenderFavorite } from '../types';
import { EventRail } from './event-rail';
import styles from './latest-replays.module.css';

const LATEST_REPLAYS = { stream_status: 'finished', sort_field: 'event_utc_ts', sort_direction: 'desc' } as const;

/** The moments page until fans have clipped anything: the latest finished games, on an on-demand rail. */
export function LatestReplays({ renderFavorite }: { renderFavorite: RenderFavorite }) {
  const { t } = useTranslation('browse');
  const replays = useEventsFirstPage(LATEST_REPLAYS, 12);
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
