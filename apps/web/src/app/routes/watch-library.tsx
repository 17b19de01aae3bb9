import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadingPlaceholder } from '@/components/ui/loading-placeholder';
import { HlsPlayer } from '@/features/player/components/hls-player';
import { useVodMediaItem } from '@/features/vod/api/get-vod-media-item';
import { vodPlaybackQueryOptions } from '@/features/vod/api/get-vod-playback';
import { RefusalScreen } from '@/features/vod/components/library-refusal';
import { LibraryVideo } from '@/features/vod/components/library-video';
import styles from '@/features/vod/components/watch-library.module.css';
import { refusalOf } from '@/features/vod/utils/refusal';

// A video still being packaged is asked about again on this beat.
const MEDIA_RETRY_MS = 10_000;

/** The player, or why it cannot play; a stream error offers Retry, which asks again (a fresh token). */
function LibraryStage({ id, title }: { id: number; title: string }) {
  const { t } = useTranslation('vod');
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const { data, error, refetch } = useQuery({
    ...vodPlaybackQueryOptions(id),
    refetchInterval: (query) => (refusalOf(query.state.error) === 'preparing' ? MEDIA_RETRY_MS : false),
  });
  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((n) => n + 1);
    void refetch();
  }, [refetch]);
  if (failed) return <RefusalScreen refusal="error" onRetry={retry} />;
  if (error) return <RefusalScreen refusal={refusalOf(error)} onRetry={retry} />;
  if (!data) {
    return <LoadingPlaceholder className={styles.placeholder} label={t('library.loading')} />;
  }
  return (
    <HlsPlayer
      key={attempt}
      source={{ url: data.url, kind: 'vod' }}
      title={title}
      onFatalError={() => setFailed(true)}
    />
  );
}

/** `/watch_library/{id}`: a library video in the player, its title, date and description under it. */
export function WatchLibraryView() {
  const id = Number(useParams().id);
  const { data: item, status, refetch } = useVodMediaItem(id);
  return (
    <LibraryVideo item={item} failed={status === 'error'} onRetry={() => void refetch()}>
      <LibraryStage id={id} title={item?.title ?? ''} />
    </LibraryVideo>
  );
}
