import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import styles from './not-found.module.css';

/** The operators' console's doorway, in this chunk (app/router.tsx says why). */
export { ConsoleView } from './console';

/** Where every unknown address lands: the spec's exact title, and a way home. */
export function NotFoundView() {
  const { t } = useTranslation('views');
  useDocumentTitle(t('notFound.title'), { exact: true });
  return (
    <div className={`container ${styles.page}`}>
      <div className={styles.scoreboard} aria-hidden="true">
        <span>4</span>
        <span>0</span>
        <span>4</span>
      </div>
      <h1 className={styles.title}>{t('notFound.title')}</h1>
      <p className={styles.message}>{t('notFound.message')}</p>
      <Link to={paths.home.href()} className="button button-solid">
        {t('notFound.home')}
      </Link>
    </div>
  );
}
