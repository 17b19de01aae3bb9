import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { Splash } from '@/components/ui/splash';
import { AccountLink } from '@/features/auth/components/account-link';
import { RegionNotice } from '@/features/channel/components/region-notice';
import { SiteHeader } from '@/features/channel/components/site-header';
import styles from './layout.module.css';

// Below the fold on every page: its code (language picker, links, contact icons) follows the first paint.
const SiteFooter = lazy(() =>
  import('@/features/channel/components/site-footer').then((m) => ({ default: m.SiteFooter })),
);

/** The channel's chrome around a page: skip link, header with the account link, main, footer. */
export function ChannelLayout() {
  const { t } = useTranslation();
  const loading = useNavigation().state === 'loading';
  useFocusOnNewPage();
  return (
    <>
      <a href="#main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <SiteHeader actions={<AccountLink />} />
      <RegionNotice />
      <main id="main" tabIndex={-1} className={styles.main} aria-busy={loading || undefined}>
        <Suspense fallback={<Splash />}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
    </>
  );
}

/**
 * After a move to another page, the focus goes to the page (`main`), as a page load would put a screen reader
 * there: left on the link that was pressed, the next Tab would walk the header again. A page that focused a field
 * of its own keeps it; the first page of a visit is left alone.
 */
function useFocusOnNewPage() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById('main');
    if (main && pathname && !main.contains(document.activeElement)) main.focus({ preventScroll: true });
  }, [pathname]);
}
