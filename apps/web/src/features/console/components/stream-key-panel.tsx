import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { useRotateStreamKey, useStreamKey } from '../api/schedule';
import styles from './console.module.css';
import { ConsoleLoading } from './console-states';

/** A value the operator copies into the encoder, with its Copy button. */
export function CopyRow({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('console');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(t('game.copied'));
    } catch {
      toast.error(t('game.copyFailed'));
    }
  };
  return (
    <>
      <dt>{label}</dt>
      <dd className={styles.copyRow}>
        <code>{value}</code>
        <button
          type="button"
          className="button button-outline"
          aria-label={t('game.copyNamed', { name: label })}
          onClick={() => void copy()}
        >
          {t('game.copy')}
        </button>
      </dd>
    </>
  );
}

/**
 * A game's stream key as OBS asks for it (server, then key), the whole RTMP and SRT addresses, and Rotate: after a
 * confirmation a new key replaces the old one, which the ingest refuses from then on.
 */
export function StreamKeyPanel({ id }: { id: number }) {
  const { t, i18n } = useTranslation('console');
  const streamKey = useStreamKey(id, true);
  const rotate = useRotateStreamKey(id);
  const [rotating, setRotating] = useState(false);

  const onRotate = async () => {
    if (rotating || !window.confirm(t('game.rotateConfirm'))) return;
    setRotating(true);
    try {
      await rotate();
      toast.success(t('game.rotated'));
    } catch {
      toast.error(t('game.rotateFailed'));
    } finally {
      setRotating(false);
    }
  };

  return (
    <section className={styles.panel} aria-labelledby="game-stream-key">
      <h3 id="game-stream-key">{t('game.streamKey')}</h3>
      <p>{t('game.streamKeyIntro')}</p>
      {streamKey.isPending ? (
        <ConsoleLoading label={t('console.loading')} />
      ) : streamKey.isError ? (
        <p role="alert">{t('game.keyLoadFailed')}</p>
      ) : (
        <>
          <dl className={styles.keyList}>
            <CopyRow label={t('game.server')} value={streamKey.data.rtmp_server} />
            <CopyRow label={t('game.key')} value={streamKey.data.key} />
            <CopyRow label={t('game.fullUrl')} value={streamKey.data.rtmp_url} />
            <CopyRow label={t('game.srtUrl')} value={streamKey.data.srt_url} />
          </dl>
          <p>
            {t('game.keyCreated', {
              when: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
                new Date(streamKey.data.created_at),
              ),
            })}
          </p>
          <div className={styles.actions}>
            <button
              type="button"
              className="button button-outline"
              aria-disabled={rotating || undefined}
              onClick={() => void onRotate()}
            >
              {t('game.rotate')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
