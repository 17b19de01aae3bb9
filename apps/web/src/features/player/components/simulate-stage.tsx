import { useQuery } from '@tanstack/react-query';
import type Hls from 'hls.js/light';
import { type RefObject, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingPlaceholder } from '@/components/ui/loading-placeholder';
import { ApiError } from '@/lib/api-error';
import { simulatePlaybackQueryOptions } from '../api/get-playback';
import { refusalScreen } from '../utils/watch-state';
import { HlsPlayer } from './hls-player';
import { PlaybackFiguresPanel } from './playback-figures-panel';
import styles from './player.module.css';
import { WatchScreen } from './watch-screen';

type Refs = { hls: RefObject<Hls | null>; video: RefObject<HTMLVideoElement | null> };

/** The stream check: the channel's live test feed in the full player, with its playback figures under it. */
export function SimulateStage() {
  const { t } = useTranslation('player');
  const { data, error, refetch } = useQuery(simulatePlaybackQueryOptions());
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [refs, setRefs] = useState<Refs | null>(null);
  const onReady = useCallback((hls: Refs['hls'], video: Refs['video']) => setRefs({ hls, video }), []);
  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((n) => n + 1);
    void refetch();
  }, [refetch]);

  const screen = failed ? 'error' : error ? refusalScreen(error instanceof ApiError ? error.code : undefined) : null;
  return (
    <>
      {screen ? (
        <WatchScreen screen={screen} eventId={0} onRetry={retry} />
      ) : data ? (
        <HlsPlayer
          key={attempt}
          source={{ url: data.url, kind: 'live', liveWindowS: data.live_window_s }}
          title={t('simulate.title')}
          onFatalError={() => setFailed(true)}
          onReady={onReady}
        />
      ) : (
        <LoadingPlaceholder className={styles.player} label={t('player.loading')} />
      )}
      <PlaybackFiguresPanel hls={refs?.hls ?? null} video={refs?.video ?? null} />
    </>
  );
}
