import type { Clip } from '@sideline/contract/clips';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isPending } from '../utils/clip-state';
import { ClipStatus } from './clip-status';
import { ClipTags } from './clip-tags';
import styles from './clips.module.css';

type Props = {
  clip: Clip;
  onPlay: (clip: Clip) => void;
  /** A line about the clip's game (the profile's list). */
  game?: ReactNode;
  /** The owner's actions (on their own clips, in either list). */
  actions?: ReactNode;
  /** Marks the fan's own clips (a list of everyone's). */
  markOwn?: boolean;
};

/** One clip: its picture (or its progress while it is made), name, state, length and tags. */
export function ClipCard({ clip, onPlay, game, actions, markOwn }: Props) {
  const { t } = useTranslation('clips');
  const ready = clip.status === 'ready' && !!clip.url;
  return (
    <li className={styles.card} data-status={clip.status} aria-busy={isPending(clip) || undefined}>
      <div className={styles.media}>
        {ready ? (
          <>
            {clip.thumbnail && <img className={styles.thumb} src={clip.thumbnail} alt="" loading="lazy" />}
            <button type="button" className={styles.playButton} onClick={() => onPlay(clip)}>
              <span className={styles.playIcon} aria-hidden="true">
                ▶
              </span>
              <span className="sr-only">{t('clips.list.play', { name: clip.name })}</span>
            </button>
          </>
        ) : (
          <div className={styles.pending}>
            {clip.status === 'processing' && (
              <progress className={styles.progress} max={100} value={clip.progress} aria-label={clip.name} />
            )}
          </div>
        )}
      </div>
      <div className={styles.body}>
        {/* Both lists sit under a section heading (h2). */}
        <h3 className={styles.name}>{clip.name}</h3>
        {game}
        <p className={styles.meta}>
          {/* Announced as it changes: queued, processing, ready. */}
          <span role="status">
            <ClipStatus clip={clip} />
          </span>
          <span>{t('clips.list.length', { seconds: Math.round(clip.duration) })}</span>
          {markOwn && clip.own && <span>{t('clips.list.yours')}</span>}
        </p>
        <ClipTags tags={clip.tags} className={styles.tags} />
        {actions}
      </div>
    </li>
  );
}
