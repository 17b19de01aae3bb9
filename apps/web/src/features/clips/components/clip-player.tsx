import type { Clip } from '@sideline/contract/clips';
import { useTranslation } from 'react-i18next';
import styles from './clips.module.css';
import { Modal } from './modal';

/** A ready clip playing in a dialog: a plain MP4, so the browser's own <video> plays it. */
export function ClipPlayer({ clip, onClose }: { clip: Pick<Clip, 'name' | 'url' | 'thumbnail'>; onClose: () => void }) {
  const { t } = useTranslation('clips');
  return (
    <Modal title={clip.name} onClose={onClose} closeLabel={t('clips.list.close')} wide>
      {clip.url && (
        // biome-ignore lint/a11y/useMediaCaption: fans' clips of games carry no captions
        <video
          className={styles.video}
          src={clip.url}
          poster={clip.thumbnail ?? undefined}
          controls
          autoPlay
          playsInline
          aria-label={clip.name}
        />
      )}
    </Modal>
  );
}
