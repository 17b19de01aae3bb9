import type { Clip } from '@sideline/contract/clips';
import { useTranslation } from 'react-i18next';
import styles from './clips.module.css';

/** A clip's state as a badge: queued, processing with its progress, ready, or failed ('clip creating failed'). */
export function ClipStatus({ clip }: { clip: Pick<Clip, 'status' | 'progress'> }) {
  const { t } = useTranslation('clips');
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
