import { useTranslation } from 'react-i18next';
import { useGeo } from '../api/get-geo';
import styles from './region-notice.module.css';

/** Spec sections 4 and 6: a fan in a region the channel does not serve is told so on every page, before playing. */
export function RegionNotice() {
  const { t } = useTranslation();
  if (!useGeo()?.is_geo_blocked) return null;
  return (
    <p role="status" className={styles.notice}>
      {t('app.regionBlocked')}
    </p>
  );
}
