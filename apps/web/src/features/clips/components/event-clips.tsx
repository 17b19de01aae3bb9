import type { Clip } from '@sideline/contract/clips';
import { useId, useState } from 'react';
import { useClipsText } from '@/locales/clips/texts';
import { useEventClips } from '../api/get-event-clips';
import { ClipCard } from './clip-card';
import { ClipPlayer } from './clip-player';
import styles from './clips.module.css';

/**
 * The game's clips under its player: everyone's ready ones and the fan's own while they are made, which poll
 * until ready (see `get-event-clips.ts`), so a new clip shows its progress and its picture without a reload.
 */
export function EventClips({ eventId }: { eventId: number }) {
  const t = useClipsText();
  const headingId = useId();
  const clips = useEventClips(eventId);
  const [playing, setPlaying] = useState<Clip | null>(null);
  if (clips.isPending) return null;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {t('clips.list.title')}
      </h2>
      {clips.isError ? (
        <p className={styles.muted}>{t('clips.list.loadFailed')}</p>
      ) : clips.data.length === 0 ? (
        <p className={styles.muted}>{t('clips.list.empty')}</p>
      ) : (
        <ul className={styles.grid}>
          {clips.data.map((clip) => (
            <ClipCard key={clip.id} clip={clip} onPlay={setPlaying} markOwn />
          ))}
        </ul>
      )}
      {playing && <ClipPlayer clip={playing} onClose={() => setPlaying(null)} />}
    </section>
  );
}
