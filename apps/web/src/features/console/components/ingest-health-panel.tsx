import { useTranslation } from 'react-i18next';
import { useIngestHealth } from '../api/schedule';
import styles from './console.module.css';
import { ConsoleLoading } from './console-states';

/**
 * A game's ingest health, asked again every 5 s until the game is finished (an encoder may connect before kick-off):
 * the encoder's stream and how the transcoder keeps up.
 */
export function IngestHealthPanel({ id, finished }: { id: number; finished: boolean }) {
  const { t, i18n } = useTranslation('console');
  const health = useIngestHealth(id, !finished);
  const none = t('game.unknown');
  const number = (value: number | null | undefined, digits = 0) =>
    value == null ? null : new Intl.NumberFormat(i18n.language, { maximumFractionDigits: digits }).format(value);
  const latest = health.data?.latest ?? null;
  const source = latest?.source;
  const transcoder = latest?.transcoder;
  const bitrate = number(source?.bitrate_kbps);
  const fps = number(source?.fps, 2);

  return (
    <section className={styles.panel} aria-labelledby="game-health">
      <h3 id="game-health">{t('game.health')}</h3>
      <p>{finished ? t('game.healthNotLive') : t('game.healthLive')}</p>
      {health.isPending ? (
        <ConsoleLoading label={t('console.loading')} />
      ) : health.isError ? (
        <p role="alert">{t('game.healthLoadFailed')}</p>
      ) : (
        <>
          <p role="status">
            <strong>{health.data.connected ? t('game.connected') : t('game.disconnected')}</strong>
          </p>
          {latest ? (
            <dl className={styles.facts}>
              <dt>{t('game.bitrate')}</dt>
              <dd>{bitrate ? t('game.bitrateValue', { value: bitrate }) : none}</dd>
              <dt>{t('game.fps')}</dt>
              <dd>{fps ? t('game.fpsValue', { value: fps }) : none}</dd>
              <dt>{t('game.resolution')}</dt>
              <dd>{source?.width && source.height ? `${source.width}×${source.height}` : none}</dd>
              <dt>{t('game.videoCodec')}</dt>
              <dd>{source?.video_codec ?? none}</dd>
              <dt>{t('game.audioCodec')}</dt>
              <dd>{source?.audio_codec ?? none}</dd>
              <dt>{t('game.transcoder')}</dt>
              <dd>
                {transcoder?.running
                  ? t('game.transcoderRunning', { speed: number(transcoder.speed, 2) ?? none })
                  : t('game.transcoderStopped')}
              </dd>
            </dl>
          ) : (
            <p>{t('game.noSample')}</p>
          )}
        </>
      )}
    </section>
  );
}
