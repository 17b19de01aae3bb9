import { useTranslation } from 'react-i18next';
import { pageState } from '../utils/pages';
import styles from './vod-pager.module.css';

type Props = { total: number; offset: number; limit: number; onOffset: (offset: number) => void };

/** Previous and next buttons around "Page n of m"; hidden when everything fits on one page. */
export function VodPager({ total, offset, limit, onOffset }: Props) {
  const { t } = useTranslation('vod');
  const { page, pages, previous, next } = pageState({ total, offset, limit });
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={t('library.pager.label')}>
      <button
        type="button"
        className="button"
        disabled={previous === null}
        onClick={() => previous !== null && onOffset(previous)}
      >
        {t('library.pager.previous')}
      </button>
      <span className={styles.status} aria-live="polite">
        {t('library.pager.status', { page, pages })}
      </span>
      <button type="button" className="button" disabled={next === null} onClick={() => next !== null && onOffset(next)}>
        {t('library.pager.next')}
      </button>
    </nav>
  );
}
