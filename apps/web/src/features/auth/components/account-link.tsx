import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { loadTexts } from '@/lib/i18n';
import { useUser } from '../api/get-profile';

// The menu (edit profile, sign out) is code only a signed-in fan needs: it stays out of the first chunk. Its texts
// load alongside its code, so it appears once, worded.
const AccountMenu = lazy(() =>
  Promise.all([import('./account-menu'), loadTexts(['accounts'])]).then(([m]) => ({ default: m.AccountMenu })),
);

/** The header's way in: "Sign in" for a guest; "My account" with the account menu once signed in. */
export function AccountLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  const user = useUser();
  if (!user) {
    return (
      <NavLink to={paths.login.href()} className={className}>
        {t('nav.signIn')}
      </NavLink>
    );
  }
  const accountLink = (
    <NavLink to={paths.profile.href()} className={className}>
      {t('nav.account')}
    </NavLink>
  );
  return (
    <Suspense fallback={accountLink}>
      <AccountMenu user={user} />
    </Suspense>
  );
}
