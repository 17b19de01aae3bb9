import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigation } from 'react-router';
import { Splash } from '@/components/ui/splash';
import { AccountLink } from '@/features/auth/components/account-link';
import { SiteFooter } from '@/features/channel/components/site-footer';
import { SiteHeader } from '@/features/channel/components/site-header';
import styles from './layout.module.css';

/** The channel's chrome around a page: skip link, header with the account link, main, footer. */
export function ChannelLayout() {
  const { t } = useTranslation();
  const loading = useNavigation().state === 'loading';
  return (
    <>
      <a href="#main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <SiteHeader actions={<AccountLink />} />
      <main id="main" tabIndex={-1} className={styles.main} aria-busy={loading || undefined}>
        <Suspense fallback={<Splash />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </>
  );
}
