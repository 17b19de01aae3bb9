import type { Event } from '@sideline/contract/events';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { PlayIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useEvent } from '@/features/events/api/get-event';
import { EventDetail } from '@/features/events/components/event-detail';
import { EventsError } from '@/features/events/components/events-error';
import { matchup } from '@/features/events/utils/event-text';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useRenderFavorite } from './favorite-slot';
import styles from './vod.module.css';

// The on-demand library (its own module, with its rails and search) and an on-demand game's detail page.
export { VodLibraryView } from './vod-library';

/** The button to the player: the replay of a finished game, the stream of a live one. */
function WatchLink({ event }: { event: Event }) {
  const { t } = useTranslation('browse');
  const label =
    event.stream_status === 'finished'
      ? t('events.detail.watchReplay')
      : event.stream_status === 'live'
        ? t('events.detail.watchLive')
        : t('events.detail.watch');
  return (
    <Link to={paths.watch.href(event.id)} className="button button-solid">
      <PlayIcon />
      {label}
    </Link>
  );
}

/** `/vod/{id}`: an on-demand game's page, its poster leading to the player, and everything about it. */
export function VodDetailView() {
  const { t } = useTranslation('browse');
  const id = Number(useParams().id);
  const { data: event, status, refetch } = useEvent(id);
  const renderFavorite = useRenderFavorite();
  useDocumentTitle(event ? matchup(event, t) : event === null ? t('events.detail.notFoundTitle') : undefined);

  if (status === 'pending') return <div className={`container ${styles.skeleton}`} aria-busy="true" />;
  if (status === 'error') {
    return (
      <div className="container">
        <EventsError onRetry={() => void refetch()} />
      </div>
    );
  }
  if (!event) {
    return (
      <div className="container">
        <EmptyState
          title={t('events.detail.notFoundTitle')}
          message={t('events.detail.notFoundMessage')}
          actions={
            <Link to={paths.vod.href()} className="button button-solid">
              {t('events.moments.allReplays')}
            </Link>
          }
        />
      </div>
    );
  }
  return (
    <div className={`container ${styles.page}`}>
      <EventDetail event={event} renderFavorite={renderFavorite} actions={<WatchLink event={event} />} />
    </div>
  );
}
