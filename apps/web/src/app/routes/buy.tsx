import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { PassesCatalogue } from '@/features/auth/components/passes/passes-catalogue';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAccountsText } from '@/locales/accounts/texts';
import { viewsTexts } from '@/locales/views/texts';
import { ComingSoon } from './coming-soon';
import styles from './info.module.css';

// Passes and checkout: one chunk, filled by the commerce release.

/**
 * The channel's passes. A fan who has not chosen the basic pass is kept here by the guards and chooses it here;
 * once chosen, home. (The passes and the accounts texts load while the page suspends, so checkout's views do
 * not fetch them.)
 */
export function PackagesView() {
  // The view titles (views.*) too.
  const t = useAccountsText(viewsTexts);
  const navigate = useNavigate();
  const title = t('views.packages.title');
  useDocumentTitle(title);
  const onChosen = useCallback(() => void navigate(paths.home.href()), [navigate]);
  return (
    <div className="container">
      <h1 className={styles.title}>{title}</h1>
      <PassesCatalogue onBasicPassChosen={onChosen} />
    </div>
  );
}
export const SelectPackageView = () => <ComingSoon view="selectPackage" />;
export const BuyView = () => <ComingSoon view="buy" />;
