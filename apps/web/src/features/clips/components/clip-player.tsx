import type { Clip } from '@sideline/contract/clips';
import { useTranslation } from 'react-i18next';
import { ClipVideo } from './clip-video';
import styles from './clips.module.css';
import { Modal } from './modal';

/** A ready clip playing in a dialog: a plain MP4, so the browser's own <video> plays it. */
export function ClipPlayer({ clip, onClose }: { clip: Pick<Clip, 'name' | 'url' | 'thumbnail'>; onClose: () => void }) {
  const { t } = useTranslation('clips');
  return (
    <Modal title={clip.name} onClose={onClose} closeLabel={t('clips.list.close')} wide>
      <ClipVideo clip={clip} className={styles.video} controls autoPlay />
    </Modal>
  );
}
