import type { Clip } from '@sideline/contract/clips';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import type { PlayerPosition } from '../utils/clip-form';
import styles from './clips.module.css';

// The editor brings the form and schema libraries: they load when a fan opens it, not with the watch page.
const ClipEditor = lazy(() => import('./clip-editor').then((m) => ({ default: m.ClipEditor })));

type Props = {
  eventId: number;
  live: boolean;
  getPosition: () => PlayerPosition | null;
};

/** The "Clip" button under the player (for a fan who may clip), and the editor it opens. */
export function ClipButton({ eventId, live, getPosition }: Props) {
  const { t } = useTranslation('clips');
  const [open, setOpen] = useState(false);
  const onCreated = (_clip: Clip, notice: string) => {
    setOpen(false);
    toast.success(notice);
  };
  return (
    <div className={styles.bar}>
      <button
        type="button"
        className="button button-solid"
        aria-haspopup="dialog"
        aria-label={t('clips.buttonLabel')}
        onClick={() => setOpen(true)}
      >
        <span aria-hidden="true">✂</span>
        {t('clips.button')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ClipEditor
            eventId={eventId}
            live={live}
            getPosition={getPosition}
            onClose={() => setOpen(false)}
            onCreated={onCreated}
          />
        </Suspense>
      )}
    </div>
  );
}
