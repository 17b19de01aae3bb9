import { DEFAULT_LANGUAGE } from '@sideline/contract/constants';
import type Hls from 'hls.js/light';
import { type RefObject, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '@/lib/format';
import { isLanguage } from '@/lib/i18n';
import { type PlaybackFigures, readFigures } from '../utils/playback-figures';
import styles from './playback-figures-panel.module.css';

type Props = { hls: RefObject<Hls | null> | null; video: RefObject<HTMLVideoElement | null> | null };

const EMPTY = readFigures(null, null, 0);

/** The stream check's live figures, read every second: latency, encoder delay, bitrate, rendition, buffer, drops. */
export function PlaybackFiguresPanel({ hls, video }: Props) {
  const { t, i18n } = useTranslation('player');
  const lng = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const [figures, setFigures] = useState<PlaybackFigures>(EMPTY);

  useEffect(() => {
    if (!hls || !video) return;
    const read = () => setFigures(readFigures(hls.current, video.current, Date.now()));
    read();
    const timer = setInterval(read, 1000);
    return () => clearInterval(timer);
  }, [hls, video]);

  const unknown = t('simulate.unknown');
  const rows = [
    {
      id: 'latency-s',
      label: t('simulate.latency'),
      value:
        figures.latencyS === null ? unknown : t('simulate.seconds', { value: formatDecimal(figures.latencyS, lng, 1) }),
    },
    {
      id: 'pdt-latency-ms',
      label: t('simulate.pdtLatency'),
      value:
        figures.pdtLatencyMs === null
          ? unknown
          : t('simulate.milliseconds', { value: formatDecimal(figures.pdtLatencyMs, lng) }),
      raw: figures.pdtLatencyMs,
    },
    {
      id: 'bitrate-kbps',
      label: t('simulate.bitrate'),
      value:
        figures.bitrateKbps === null ? unknown : t('simulate.kbps', { value: formatDecimal(figures.bitrateKbps, lng) }),
    },
    {
      id: 'rendition-height',
      label: t('simulate.rendition'),
      value: figures.height === null ? unknown : t('simulate.height', { height: figures.height }),
    },
    {
      id: 'buffer-ahead-s',
      label: t('simulate.buffer'),
      value:
        figures.bufferAheadS === null
          ? unknown
          : t('simulate.seconds', { value: formatDecimal(figures.bufferAheadS, lng, 1) }),
    },
    {
      id: 'dropped-frames',
      label: t('simulate.dropped'),
      value: figures.droppedFrames === null ? unknown : formatDecimal(figures.droppedFrames, lng),
    },
  ];

  return (
    <section className={styles.panel} aria-labelledby="playback-figures">
      <h2 id="playback-figures" className={styles.title}>
        {t('simulate.figures')}
      </h2>
      <dl className={styles.list}>
        {rows.map((row) => (
          <div key={row.id} className={styles.row}>
            <dt>{row.label}</dt>
            {/* Machines read the number itself (the latency bench), people the text. */}
            <dd data-testid={row.id} data-value={'raw' in row && row.raw !== null ? row.raw : undefined}>
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
