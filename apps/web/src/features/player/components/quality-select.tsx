import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Rendition } from '../types';
import styles from './player.module.css';

type Props = {
  renditions: Rendition[];
  chosenLevel: number;
  playing: Rendition | null;
  onChoose: (level: number) => void;
};

const autoLabel = (t: TFunction<'player'>, playing: Rendition | null) =>
  playing ? t('player.qualityAutoNow', { height: playing.height }) : t('player.qualityAuto');

/**
 * The quality menu: automatic (the bandwidth estimate chooses, and the label says what it chose) or one rendition
 * of the ladder. A native select, so every platform's keyboard and screen reader handle it as they know how.
 */
export function QualitySelect({ renditions, chosenLevel, playing, onChoose }: Props) {
  const { t } = useTranslation('player');
  const id = useId();
  if (renditions.length < 2) return null;
  return (
    <div className={styles.quality}>
      <label htmlFor={id} className="sr-only">
        {t('player.quality')}
      </label>
      <select
        id={id}
        className={styles.qualitySelect}
        value={String(chosenLevel)}
        onChange={(e) => onChoose(Number(e.target.value))}
      >
        <option value="-1">{autoLabel(t, playing)}</option>
        {renditions.map((r) => (
          <option key={r.index} value={String(r.index)}>
            {t('player.qualityHeight', { height: r.height })}
          </option>
        ))}
      </select>
    </div>
  );
}
