import type { Event } from '@sideline/contract/events';
import { useQueryClient } from '@tanstack/react-query';
import type Hls from 'hls.js/light';
import { type RefObject, Suspense, useCallback, useDeferredValue, useRef } from 'react';
import { useParams } from 'react-router';
import { useUser } from '@/features/auth/api/get-profile';
import { ClipButton } from '@/features/clips/components/clip-button';
import { EventClips } from '@/features/clips/components/event-clips';
import type { PlayerPosition } from '@/features/clips/utils/clip-form';
import { usePurchaseLinks } from '@/features/commerce/api/purchase-links';
import { eventQueryKey, useEvent } from '@/features/events/api/get-event';
import { EventDetail } from '@/features/events/components/event-detail';
import { channelCurrency } from '@/features/events/utils/channel-currency';
import { priceTag, venueLongDay, venueTime } from '@/features/events/utils/event-text';
import { DownloadButton } from '@/features/player/components/download-button';
import { WatchStage } from '@/features/player/components/watch-stage';
import { userAccessQueryOptions, useUserAccess } from '@/features/profile/api/get-user-access';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLanguage } from '@/hooks/use-language';
import { formatPrice } from '@/lib/format';
import { useRenderFavorite } from './favorite-slot';
import styles from './watch.module.css';
import { useWatchAnalytics } from './watch-analytics';

const useEventId = () => Number(useParams().id);

/** The game's information under the player: teams, time, venue, access and favorites. */
function WatchInfo({ event }: { event: Event }) {
  const renderFavorite = useRenderFavorite();
  return (
    <div className={`container ${styles.info}`}>
      <EventDetail event={event} headingLevel={2} renderFavorite={renderFavorite} />
    </div>
  );
}

/** A finished game's download, for a fan whose access includes downloads; the counter refreshes after each. */
function DownloadSection({ eventId }: { eventId: number }) {
  const { data: access } = useUserAccess();
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: userAccessQueryOptions().queryKey }),
    [queryClient],
  );
  if (!access?.capabilities.includes('download')) return null;
  const limit = access.limits.downloads;
  const left = limit === null ? null : Math.max(0, limit - access.featureCount.downloads);
  return <DownloadButton eventId={eventId} downloadsLeft={left} onDownloaded={refresh} />;
}

/**
 * Clipping under the player: the Clip button for a fan whose access includes it (a live or finished game they may
 * watch: a locked game's Clip opened an editor for a stream the fan cannot see), and the game's clips for everyone.
 */
function ClipsSection({ event, getPosition }: { event: Event; getPosition: () => PlayerPosition | null }) {
  const user = useUser();
  const live = event.stream_status === 'live';
  if (!live && event.stream_status !== 'finished') return null;
  return (
    <>
      {user?.capabilities.includes('clipping') && event.has_access && (
        <ClipButton eventId={event.id} live={live} getPosition={getPosition} />
      )}
      <EventClips eventId={event.id} canDownload={!!user?.capabilities.includes('download_clip')} />
    </>
  );
}

/** The game's player as the clip editor reads it: its video's position and the recording's length. */
function usePlayerPosition() {
  const video = useRef<RefObject<HTMLVideoElement | null> | null>(null);
  const onPlayerReady = useCallback((_hls: RefObject<Hls | null>, element: RefObject<HTMLVideoElement | null>) => {
    video.current = element;
  }, []);
  const getPosition = useCallback((): PlayerPosition | null => {
    const element = video.current?.current;
    if (!element) return null;
    return {
      currentTime: element.currentTime,
      duration: Number.isFinite(element.duration) ? element.duration : null,
    };
  }, []);
  return { onPlayerReady, getPosition };
}

type StageProps = {
  eventId: number;
  event: Event | null | undefined;
  compact?: boolean;
  onPlayerReady?: ReturnType<typeof usePlayerPosition>['onPlayerReady'];
};

/** The stage with what it needs from the game: kick-off, poster, price, analytics; the viewer, for prerolls. */
function Stage({ eventId, event, compact, onPlayerReady }: StageProps) {
  const user = useUser();
  const lng = useLanguage();
  const queryClient = useQueryClient();
  const analytics = useWatchAnalytics(eventId, event);
  const onStarted = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: eventQueryKey(eventId) }),
    [queryClient, eventId],
  );
  const tag = event ? priceTag(event) : null;
  // A paid game's way to its purchase: its single-event package, or the passes (a pay-per-view game: its own only).
  const purchase = usePurchaseLinks(event);
  return (
    <WatchStage
      eventId={eventId}
      viewer={user?.id ?? 'guest'}
      title={event?.name ?? ''}
      startMs={event ? event.event_utc_ts * 1000 : null}
      startText={event ? `${venueLongDay(event, lng)}, ${venueTime(event, lng)}` : null}
      poster={event?.poster ?? null}
      priceText={tag?.kind === 'price' ? formatPrice(tag.amount, lng, channelCurrency()) : null}
      purchase={purchase}
      analytics={analytics}
      onStarted={onStarted}
      onPlayerReady={onPlayerReady}
      compact={compact}
    />
  );
}

const stagePlaceholder = <div className={styles.placeholder} aria-hidden="true" />;

/** `/watch/{id}`: the player (or why it cannot play), the download of a finished game, and the game's details. */
export function WatchView() {
  const id = useEventId();
  // Asked at the same time as the stage's playback: neither waits for the other.
  const { data: event } = useEvent(id);
  const user = useUser();
  const { onPlayerReady, getPosition } = usePlayerPosition();
  useDocumentTitle(event?.name ?? null);
  // What is under the player renders in the background (its own render, after the player's): the player's first
  // render and the stream's start do not wait for the game's details and clips.
  const below = useDeferredValue(event ?? null, null);
  return (
    <>
      <div className={`container ${styles.watch}`}>
        {event && <h1 className="sr-only">{event.name}</h1>}
        <Suspense fallback={stagePlaceholder}>
          <Stage eventId={id} event={event} onPlayerReady={onPlayerReady} />
          {user && event?.stream_status === 'finished' && event.has_access && <DownloadSection eventId={id} />}
        </Suspense>
        {/* The clips' texts may still be loading (another language): the player does not wait for them. */}
        <Suspense fallback={null}>{below && <ClipsSection event={below} getPosition={getPosition} />}</Suspense>
      </div>
      {/* Its texts may still be loading (another language): the rest of the page does not wait for them. */}
      <Suspense fallback={null}>{below && <WatchInfo event={below} />}</Suspense>
    </>
  );
}

// A library video's page: its own module, the player composed with the library's calls.
export { WatchLibraryView } from './watch-library';

/** The embeddable player: the stage alone, filling the frame, no header or footer. */
export function WatchEmbedView() {
  const id = useEventId();
  const { data: event } = useEvent(id);
  useDocumentTitle(event?.name ?? null);
  return (
    <div className={styles.embed}>
      <Suspense fallback={stagePlaceholder}>
        <Stage eventId={id} event={event} compact />
      </Suspense>
    </div>
  );
}
