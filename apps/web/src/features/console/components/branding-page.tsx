import { type ConsoleMe, roleAllows } from '@sideline/contract/console';
import { useTranslation } from 'react-i18next';
import { useBranding } from '../api/branding';
import { BrandingForm } from './branding-form';
import styles from './console.module.css';
import { ConsoleLoadError, ConsoleLoading } from './console-states';

/** The console's branding section: the form once the saved branding is in; read-only for a role without `write`. */
export function BrandingPage({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation('console');
  const branding = useBranding();
  return (
    <section className={styles.section} aria-labelledby="console-branding">
      <h2 id="console-branding">{t('branding.title')}</h2>
      <p>{t('branding.intro')}</p>
      {branding.isPending ? (
        <ConsoleLoading label={t('console.loading')} />
      ) : branding.isError ? (
        <ConsoleLoadError onRetry={() => void branding.refetch()} />
      ) : (
        <BrandingForm branding={branding.data} canWrite={roleAllows(me.role, 'write')} />
      )}
    </section>
  );
}
