import { CARD_MAX_WIDTH_PX, CARD_MIN_WIDTH_PX } from '@sideline/contract/constants';
import type { EventsPage } from '@sideline/contract/events';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type CSSProperties, type ReactNode, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingPlaceholder } from '@/components/ui/loading-placeholder';
import { useCardsInReach } from '@/hooks/use-cards-in-reach';
import { useNearView } from '../hooks/use-near-view';
import type { EventsLayout } from '../stores/layout-store';
import type { RenderFavorite } from '../types';
import { EventCard } from './event-card';
import styles from './event-results.module.css';
import { EventSkeletons } from './event-skeletons';
import { EventTable } from './event-table';
import { EventsError } from './events-error';

/** The spec's card widths (280 to 380 px), for the grid's columns. */
const cardWidths = { '--card-min': `${CARD_MIN_WIDTH_PX}px`, '--card-max': `${CARD_MAX_WIDTH_PX}px` } as CSSProperties;
/** Cards made at a time: a first screen on any width (see useCardsInReach). */
const CARDS_AT_A_TIME = 6;

type Props = {
  result: UseInfiniteQueryResult<InfiniteData<EventsPage>>;
  layout: EventsLayout;
  renderFavorite?: RenderFavorite | undefined;
  /** What to show when nothing matches. */
  empty: ReactNode;
};

/**
 * A listing's games, page after page: skeletons first, then cards (grid or list) or a table. The next page loads
 * as the fan nears the end (infinite scroll), or with the "more" button, for keyboards and old browsers.
 */
export function EventResults({ result, layout, renderFavorite, empty }: Props) {
  const { t } = useTranslation('browse');
  const { data, status, hasNextPage, isFetchingNextPage, fetchNextPage, refetch, isFetching } = result;
  const more = () => void fetchNextPage({ cancelRefetch: false });
  // A query's answer renders at once and whole (TanStack Query's store is read with useSyncExternalStore): the
  // games it brings render in the background instead, in slices a fan's tap can come between, while the list
  // shows what it showed before (skeletons, or the pages before).
  const listed = useDeferredValue(data);
  const events = listed?.pages.flatMap((page) => page.data) ?? [];
  // The cards come as the fan scrolls near them; the next page is asked for once the fan nears the end of this one's.
  const { shown, last } = useCardsInReach<HTMLLIElement>(events.length, CARDS_AT_A_TIME, 'column');
  // Not while the page's own cards are still coming in: the end of a half-built list is not the end of the list.
  // Nor while an answer is still to render in the background (its cards are not counted yet).
  const atEnd =
    status === 'success' && listed === data && hasNextPage && !isFetchingNextPage && shown === events.length;
  const sentinel = useNearView<HTMLDivElement>(more, atEnd);

  if (status === 'pending' || (status === 'success' && !listed)) {
    return (
      <LoadingPlaceholder className={styles.results} label={t('events.loading')}>
        {layout.item === 'table' ? (
          <EventSkeletons layout={layout} />
        ) : (
          <ul className={styles.cards} data-layout={layout.list} style={cardWidths}>
            <EventSkeletons layout={layout} />
          </ul>
        )}
      </LoadingPlaceholder>
    );
  }
  if (status === 'error') {
    return <EventsError level={2} onRetry={() => void refetch()} />;
  }

  if (events.length === 0) return empty;
  return (
    <div className={styles.results}>
      {layout.item === 'table' ? (
        <EventTable events={events} renderFavorite={renderFavorite} busy={isFetching} />
      ) : (
        <ul className={styles.cards} data-layout={layout.list} style={cardWidths}>
          {events.slice(0, shown).map((event, index) => (
            <li key={event.id} ref={index === shown - 1 ? last : undefined}>
              <EventCard event={event} layout={layout.list} renderFavorite={renderFavorite} eager={index < 4} />
            </li>
          ))}
          {isFetchingNextPage && <EventSkeletons layout={layout} count={4} />}
        </ul>
      )}
      <div ref={sentinel} className={styles.footer}>
        <p role="status" className={styles.count}>
          {hasNextPage ? t('events.shown', { count: events.length }) : t('events.end')}
        </p>
        {hasNextPage && (
          <button type="button" className="button button-outline" onClick={more} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? t('events.loadingMore') : t('events.loadMore')}
          </button>
        )}
      </div>
    </div>
  );
}
