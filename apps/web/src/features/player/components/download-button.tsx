import type { Download } from '@sideline/contract/media';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-error';
import { saveAs } from '@/lib/save-as';
import { useDownloadEvent } from '../api/download-event';
import styles from './download-button.module.css';

type Props = {
  eventId: number;
  /** Downloads the fan has left, or null without a limit. */
  downloadsLeft: number | null;
  /** Refreshes the fan's access (the counter) after a download. */
  onDownloaded: (download: Download) => void;
};

/** Downloads a finished game's MP4 (capability `download`): counts one, then hands the signed link to the browser. */
export function DownloadButton({ eventId, downloadsLeft, onDownloaded }: Props) {
  const { t } = useTranslation('player');
  const download = useDownloadEvent(eventId, (result) => {
    onDownloaded(result);
    saveAs(result.url, result.filename);
  });
  const exhausted = downloadsLeft !== null && downloadsLeft <= 0;
  const failure = download.error instanceof ApiError && download.error.code === 'limit_reached';
  return (
    <div className={styles.download}>
      <button
        type="button"
        className="button button-outline"
        disabled={exhausted || download.isPending}
        onClick={() => download.mutate()}
      >
        {download.isPending ? t('download.preparing') : t('download.button')}
      </button>
      <span className={styles.left}>
        {exhausted
          ? t('download.limitReached')
          : downloadsLeft !== null && t('download.left', { count: downloadsLeft })}
      </span>
      {download.isError && (
        <p role="alert" className={styles.error}>
          {failure ? t('download.limitReached') : t('download.failed')}
        </p>
      )}
    </div>
  );
}
