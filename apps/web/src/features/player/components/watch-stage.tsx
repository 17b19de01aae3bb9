import { useQuery } from '@tanstack/react-query';
import { type RefObject, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingPlaceholder } from '@/components/ui/loading-placeholder';
import { ApiError } from '@/lib/api-error';
import { playbackQueryOptions } from '../api/get-playback';
import { prerollSuppression, type ViewerKey } from '../stores/preroll-suppression';
import type { PlayerAnalytics } from '../types';
import { nextStartCheckMs } from '../utils/countdown';
import { firstSource, gameSource } from '../utils/first-source';
import { refusalScreen, waitsForStart } from '../utils/watch-state';
import { HlsPlayer, type HlsPlayerProps } from './hls-player';
import styles from './player.module.css';
import { WatchScreen, type WatchScreenProps } from './watch-screen';

// A game still being packaged is asked about again on this beat (and on Retry).
const MEDIA_RETRY_MS = 10_000;

export type WatchStageProps = Pick<WatchScreenProps, 'startText' | 'poster' | 'priceText' | 'compact' | 'purchase'> & {
  eventId: number;
  viewer: ViewerKey;
  /** Names the player, e.g. the game's teams. */
  title: string;
  /** Kick-off in ms, for the countdown and for when to ask whether the game started. */
  startMs: number | null;
  analytics?: PlayerAnalytics;
  /** The game went live while the page was open: the page refreshes what it shows about it. */
  onStarted?: () => void;
  /** Hands the game's player out once it plays the game (not a preroll), e.g. for clipping from its position. */
  onPlayerReady?: HlsPlayerProps['onReady'];
};

const errorCode = (error: unknown) => (error instanceof ApiError ? error.code : undefined);

/**
 * The watch page's stage: asks where to play (`GET /events/{id}/playback`), then plays the preroll and the game,
 * or shows why not. An upcoming game counts down and starts playing by itself once live, without a reload; a
 * stream error offers Retry, which asks again (a fresh token) and starts over.
 */
export function WatchStage(props: WatchStageProps) {
  const { eventId, viewer, startMs, onStarted } = props;
  const { t } = useTranslation('player');
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const playback = useQuery({
    ...playbackQueryOptions(eventId),
    refetchInterval: (query) => {
      const code = errorCode(query.state.error);
      if (code === 'not_started') return nextStartCheckMs(startMs ?? Date.now(), Date.now());
      if (code === 'media_unavailable') return MEDIA_RETRY_MS;
      return false;
    },
  });
  const { data, error, refetch } = playback;

  // The playback (by its signed URL) whose advertisement has played out; derived in render, not in an effect,
  // so the player mounts in the same render that receives the answer.
  const [adPlayedFor, setAdPlayedFor] = useState<string | null>(null);
  // Where the fan was in a live game whose stream ended: its replay takes over from there.
  const [replayFrom, setReplayFrom] = useState<number | undefined>();
  const source = useMemo(() => {
    if (!data) return null;
    if (replayFrom !== undefined && data.kind === 'vod') return { ...gameSource(data), startS: replayFrom };
    return adPlayedFor === data.url ? gameSource(data) : firstSource(data, viewer);
  }, [data, viewer, adPlayedFor, replayFrom]);

  const [wasWaiting, setWasWaiting] = useState(false);
  const code = errorCode(error);
  useEffect(() => {
    if (code === 'not_started') setWasWaiting(true);
    else if (data && wasWaiting) {
      setWasWaiting(false);
      onStarted?.();
    }
  }, [code, data, wasWaiting, onStarted]);

  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((n) => n + 1);
    void refetch();
  }, [refetch]);

  const onEnded = useMemo(() => {
    if (!data || source?.kind !== 'ad') return undefined;
    return () => {
      prerollSuppression.markFinished(viewer, data.event_id, Date.now());
      setAdPlayedFor(data.url);
    };
  }, [data, source?.kind, viewer]);

  // The live game's video, to know where the fan was when its stream stopped.
  const [liveVideo, setLiveVideo] = useState<RefObject<HTMLVideoElement | null> | null>(null);
  const { onPlayerReady } = props;
  const onReady = useCallback<NonNullable<HlsPlayerProps['onReady']>>(
    (hls, video) => {
      setLiveVideo(video);
      onPlayerReady?.(hls, video);
    },
    [onPlayerReady],
  );

  // A live stream that stops for good is most often a game that ended: its encoder stopped and the recording became
  // the replay (docs/playback.md). The stage asks once more before showing the error; a replay in the answer takes
  // over where the fan was, without a reload.
  const liveKind = source?.kind === 'live';
  const onFatalError = useCallback(() => {
    if (!liveKind) {
      setFailed(true);
      return;
    }
    // Set before the answer comes, so the render that receives a replay already starts it there.
    setReplayFrom(liveVideo?.current?.currentTime ?? 0);
    void refetch().then(({ data: next }) => {
      if (next?.kind === 'vod') setAttempt((n) => n + 1);
      else {
        setReplayFrom(undefined);
        setFailed(true);
      }
    });
  }, [liveKind, liveVideo, refetch]);

  const screen = failed ? 'error' : error ? refusalScreen(code) : null;
  if (screen) {
    return (
      <WatchScreen
        screen={screen}
        eventId={eventId}
        startMs={startMs}
        startText={props.startText}
        poster={waitsForStart(screen) ? props.poster : null}
        priceText={props.priceText}
        purchase={props.purchase}
        compact={props.compact}
        onRetry={retry}
        onCountdownEnd={() => void refetch()}
      />
    );
  }

  if (!source) {
    return (
      <LoadingPlaceholder
        className={props.compact ? `${styles.player} ${styles.compact}` : styles.player}
        label={t('player.loading')}
      />
    );
  }

  return (
    <HlsPlayer
      key={attempt}
      source={source}
      title={props.title}
      onEnded={onEnded}
      onFatalError={onFatalError}
      analytics={props.analytics}
      onReady={source.kind === 'ad' ? undefined : onReady}
      compact={props.compact}
      poster={props.poster}
    />
  );
}
