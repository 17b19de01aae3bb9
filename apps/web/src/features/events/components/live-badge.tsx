import { useTranslation } from 'react-i18next';
import styles from './live-badge.module.css';

/** "LIVE" in words, not only in colour, with a pulsing dot that stops for fans who ask for less motion. */
export function LiveBadge({ id }: { id?: string }) {
  const { t } = useTranslation('browse');
  return (
    <span id={id} className={styles.live}>
      <span className={styles.dot} aria-hidden="true" />
      {t('events.live')}
    </span>
  );
}
