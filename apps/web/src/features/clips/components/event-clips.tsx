import type { Clip } from '@sideline/contract/clips';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEventClips } from '../api/get-event-clips';
import { ClipActions } from './clip-actions';
import { ClipCard } from './clip-card';
import { ClipPlayer } from './clip-player';
import styles from './clips.module.css';

type Props = {
  eventId: number;
  /** The fan's access includes downloading clips (`download_clip`). */
  canDownload: boolean;
};

/**
 * The game's clips under its player: everyone's ready ones and the fan's own while they are made, which poll
 * until ready (see `get-event-clips.ts`), so a new clip shows its progress and its picture without a reload. The
 * fan's own clips carry the same download, share and delete as in their profile.
 */
export function EventClips({ eventId, canDownload }: Props) {
  const { t } = useTranslation('clips');
  const headingId = useId();
  const clips = useEventClips(eventId);
  const [playing, setPlaying] = useState<Clip | null>(null);
  // While the list loads, its heading and a line's room are already there: the game's details below do not jump
  // down when it arrives (a shift of about 110 px on a phone, Lighthouse's whole CLS on a game's page).
  return (
    <section className={styles.section} aria-labelledby={headingId} aria-busy={clips.isPending || undefined}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {t('clips.list.title')}
      </h2>
      {clips.isPending ? (
        <p className={styles.muted} aria-hidden="true">
          &nbsp;
        </p>
      ) : clips.isError ? (
        <p className={styles.muted}>{t('clips.list.loadFailed')}</p>
      ) : clips.data.length === 0 ? (
        <p className={styles.muted}>{t('clips.list.empty')}</p>
      ) : (
        <ul className={styles.grid}>
          {clips.data.map((clip) => (
            <ClipCard
              key={clip.id}
              clip={clip}
              onPlay={setPlaying}
              markOwn
              actions={clip.own ? <ClipActions clip={clip} canDownload={canDownload} /> : undefined}
            />
          ))}
        </ul>
      )}
      {playing && <ClipPlayer clip={playing} onClose={() => setPlaying(null)} />}
    </section>
  );
}
