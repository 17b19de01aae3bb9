import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { AlertIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import type { Refusal } from '../utils/refusal';
import styles from './watch-library.module.css';

/** Why a library video does not play (sign in, no pass, region, still preparing, an error), and what to do. */
export function RefusalScreen({ refusal, onRetry }: { refusal: Refusal; onRetry: () => void }) {
  const { t } = useTranslation('vod');
  const passes = (
    <Link to={paths.packages.href()} className="button button-solid">
      {t('libraryWatch.seePasses')}
    </Link>
  );
  const screens = {
    signIn: {
      title: t('libraryWatch.signInTitle'),
      message: t('libraryWatch.signInMessage'),
      actions: (
        <>
          <Link to={paths.login.href()} className="button button-solid">
            {t('libraryWatch.signIn')}
          </Link>
          <Link to={paths.packages.href()} className="button">
            {t('libraryWatch.seePasses')}
          </Link>
        </>
      ),
    },
    noAccess: { title: t('libraryWatch.noAccessTitle'), message: t('libraryWatch.noAccessMessage'), actions: passes },
    geo: { title: t('libraryWatch.geoTitle'), message: t('libraryWatch.geoMessage'), actions: undefined },
    preparing: {
      title: t('libraryWatch.preparingTitle'),
      message: t('libraryWatch.preparingMessage'),
      actions: undefined,
    },
    error: {
      title: t('libraryWatch.errorTitle'),
      message: t('libraryWatch.errorMessage'),
      actions: (
        <button type="button" className="button button-solid" onClick={onRetry}>
          {t('libraryWatch.retry')}
        </button>
      ),
    },
  }[refusal];
  return (
    <div className={styles.screen} role="status">
      <EmptyState level={2} icon={<AlertIcon width={30} height={30} />} {...screens} />
    </div>
  );
}
