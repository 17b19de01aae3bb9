import type { Clip } from '@sideline/contract/clips';
import { useTranslation } from 'react-i18next';
import { CanceledError, confirm } from '@/lib/dialog';
import { saveAs } from '@/lib/save-as';
import { toast } from '@/lib/toast';
import { useDeleteClip } from '../api/delete-clip';
import { useDownloadClip } from '../api/download-clip';
import { shareClip } from '../utils/share-link';
import styles from './clips.module.css';

/**
 * The owner's actions on a clip: download (with `download_clip`), share and delete, the last behind a confirm. The
 * profile's list and the game's list both use it.
 */
export function ClipActions({ clip, canDownload }: { clip: Clip; canDownload: boolean }) {
  const { t } = useTranslation('clips');
  const download = useDownloadClip((result) => {
    saveAs(result.url, result.filename);
    // Downloads are counted: the fan learns how many remain (null: no limit).
    if (result.downloads_left !== null) {
      toast.info(t('clips.mine.downloadsLeft', { count: result.downloads_left }));
    }
  });
  const remove = useDeleteClip();
  const ready = clip.status === 'ready';

  const share = async () => {
    const { copied, url } = await shareClip(clip, {
      origin: window.location.origin,
      clipboard: navigator.clipboard,
      share: typeof navigator.share === 'function' ? navigator.share.bind(navigator) : undefined,
    });
    if (copied) toast.success(t('clips.mine.copied'), { id: `clip-share-${clip.id}` });
    else toast.info(t('clips.mine.copyFailed', { url }), { duration: 0, id: `clip-share-${clip.id}` });
  };

  const onDelete = async () => {
    try {
      await confirm({
        title: t('clips.mine.deleteTitle'),
        message: t('clips.mine.deleteMessage', { name: clip.name }),
        okLabel: t('clips.mine.delete'),
        cancelLabel: t('clips.editor.cancel'),
      });
    } catch (error) {
      if (error instanceof CanceledError) return;
      throw error;
    }
    remove.mutate(clip.id, {
      onSuccess: () => toast.success(t('clips.mine.deleted')),
      onError: () => toast.error(t('clips.mine.deleteFailed')),
    });
  };

  return (
    <div className={styles.cardActions}>
      {ready && canDownload && (
        <button
          type="button"
          className="button button-outline"
          disabled={download.isPending}
          onClick={() => download.mutate(clip.id, { onError: () => toast.error(t('clips.mine.downloadFailed')) })}
          aria-label={`${t('clips.mine.download')}: ${clip.name}`}
        >
          {download.isPending ? t('clips.mine.downloading') : t('clips.mine.download')}
        </button>
      )}
      {ready && (
        <button
          type="button"
          className="button button-outline"
          onClick={() => void share()}
          aria-label={`${t('clips.mine.share')}: ${clip.name}`}
        >
          {t('clips.mine.share')}
        </button>
      )}
      <button
        type="button"
        className="button button-outline"
        disabled={remove.isPending}
        onClick={() => void onDelete()}
        aria-label={`${t('clips.mine.delete')}: ${clip.name}`}
      >
        {t('clips.mine.delete')}
      </button>
    </div>
  );
}
