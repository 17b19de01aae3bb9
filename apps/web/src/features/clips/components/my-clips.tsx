import type { Clip, ClipListItem } from '@sideline/contract/clips';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { useUserClips } from '../api/get-user-clips';
import { ClipActions } from './clip-actions';
import { ClipCard } from './clip-card';
import { ClipPlayer } from './clip-player';
import styles from './clips.module.css';

type Props = {
  /** The fan's access includes downloading clips (`download_clip`). */
  canDownload: boolean;
  /** How the page names a clip's game (e.g. "Away @ Home"). */
  describeGame: (event: ClipListItem['event']) => string;
};

/**
 * The fan's clips in every state, newest first: play, download, share and delete. A clip still being made polls
 * until it is ready (see `get-user-clips.ts`).
 */
export function MyClips({ canDownload, describeGame }: Props) {
  const { t } = useTranslation('clips');
  const clips = useUserClips();
  const [playing, setPlaying] = useState<Clip | null>(null);
  if (clips.isPending) return <div aria-busy="true" />;
  if (clips.isError) return <p className={styles.muted}>{t('clips.list.loadFailed')}</p>;
  if (clips.data.length === 0) {
    return (
      // Under the view's own heading ("My clips").
      <EmptyState
        level={3}
        title={t('clips.mine.empty')}
        message={t('clips.mine.emptyMessage')}
        actions={
          <Link to={paths.schedule.href()} className="button button-solid">
            {t('clips.mine.browse')}
          </Link>
        }
      />
    );
  }
  return (
    <>
      <ul className={styles.grid}>
        {clips.data.map((clip) => (
          <ClipCard
            key={clip.id}
            clip={clip}
            onPlay={setPlaying}
            game={
              <p className={styles.meta}>
                <Link to={paths.watch.href(clip.event_id)}>{describeGame(clip.event)}</Link>
              </p>
            }
            actions={<ClipActions clip={clip} canDownload={canDownload} />}
          />
        ))}
      </ul>
      {playing && <ClipPlayer clip={playing} onClose={() => setPlaying(null)} />}
    </>
  );
}
