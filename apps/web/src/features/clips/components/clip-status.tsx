import type { Clip } from '@sideline/contract/clips';
import { useClipsText } from '@/locales/clips/texts';
import styles from './clips.module.css';

/** A clip's state as a badge: queued, processing with its progress, ready, or failed ('clip creating failed'). */
export function ClipStatus({ clip }: { clip: Pick<Clip, 'status' | 'progress'> }) {
  const t = useClipsText();
  const text =
    clip.status === 'processing'
      ? t('clips.status.processing', { progress: clip.progress })
      : t(`clips.status.${clip.status}`);
  return (
    <span className={styles.badge} data-status={clip.status}>
      {text}
    </span>
  );
}
