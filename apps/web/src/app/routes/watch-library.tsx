import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { AlertIcon } from '@/components/ui/icons';
import { LoadingPlaceholder } from '@/components/ui/loading-placeholder';
import { paths } from '@/config/paths';
import { HlsPlayer } from '@/features/player/components/hls-player';
import { useVodMediaItem } from '@/features/vod/api/get-vod-media-item';
import { vodPlaybackQueryOptions } from '@/features/vod/api/get-vod-playback';
import { type Refusal, refusalOf } from '@/features/vod/utils/refusal';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLanguage } from '@/hooks/use-language';
import { formatDate } from '@/lib/format';
import styles from './watch-library.module.css';

// A video still being packaged is asked about again on this beat.
const MEDIA_RETRY_MS = 10_000;

function RefusalScreen({ refusal, onRetry }: { refusal: Refusal; onRetry: () => void }) {
  const { t } = useTranslation('vod');
  const passes = (
    <Link to={paths.packages.href()} className="button button-solid">
      {t('libraryWatch.seePasses')}
    </Link>
  );
  const screens = {
    signIn: {
      title: t('libraryWatch.signInTitle'),
      message: t('libraryWatch.signInMessage'),
      actions: (
        <>
          <Link to={paths.login.href()} className="button button-solid">
            {t('libraryWatch.signIn')}
          </Link>
          <Link to={paths.packages.href()} className="button">
            {t('libraryWatch.seePasses')}
          </Link>
        </>
      ),
    },
    noAccess: { title: t('libraryWatch.noAccessTitle'), message: t('libraryWatch.noAccessMessage'), actions: passes },
    geo: { title: t('libraryWatch.geoTitle'), message: t('libraryWatch.geoMessage'), actions: undefined },
    preparing: {
      title: t('libraryWatch.preparingTitle'),
      message: t('libraryWatch.preparingMessage'),
      actions: undefined,
    },
    error: {
      title: t('libraryWatch.errorTitle'),
      message: t('libraryWatch.errorMessage'),
      actions: (
        <button type="button" className="button button-solid" onClick={onRetry}>
          {t('libraryWatch.retry')}
        </button>
      ),
    },
  }[refusal];
  return (
    <div className={styles.screen} role="status">
      <EmptyState level={2} icon={<AlertIcon width={30} height={30} />} {...screens} />
    </div>
  );
}

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
  const { t } = useTranslation('vod');
  const lng = useLanguage();
  const id = Number(useParams().id);
  const { data: item, status, refetch } = useVodMediaItem(id);
  useDocumentTitle(item ? item.title : item === null ? t('libraryWatch.notFoundTitle') : undefined);

  if (item === null) {
    return (
      <div className="container">
        <EmptyState
          title={t('libraryWatch.notFoundTitle')}
          message={t('libraryWatch.notFoundMessage')}
          actions={
            <Link to={paths.vodLibrary.href()} className="button button-solid">
              {t('libraryWatch.backToLibrary')}
            </Link>
          }
        />
      </div>
    );
  }
  if (status === 'error') {
    return (
      <div className="container">
        <RefusalScreen refusal="error" onRetry={() => void refetch()} />
      </div>
    );
  }
  return (
    <div className={`container ${styles.page}`}>
      <LibraryStage id={id} title={item?.title ?? ''} />
      {item && (
        <div className={styles.info}>
          <h1 className={styles.title}>{item.title}</h1>
          <p className={styles.date}>
            <time dateTime={item.date}>
              {t('libraryWatch.published', { date: formatDate(new Date(item.date), lng) })}
            </time>
          </p>
          {item.description && <p className={styles.description}>{item.description}</p>}
          <Link to={paths.vodLibrary.href()} className={styles.back}>
            {t('libraryWatch.backToLibrary')}
          </Link>
        </div>
      )}
    </div>
  );
}
