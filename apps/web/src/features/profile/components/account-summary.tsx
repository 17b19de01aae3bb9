import { useTranslation } from 'react-i18next';
import { useUserAccess } from '../api/get-user-access';
import styles from './profile.module.css';

/** The account at a glance: its address, what it includes, its counters against their limits, its purchases. */
export function AccountSummary({ email }: { email: string }) {
  const { t } = useTranslation('accounts');
  const access = useUserAccess().data;
  const count = (used: number, limit: number | null) =>
    limit === null ? t('access.usedUnlimited', { used }) : t('access.used', { used, limit });
  return (
    <dl className={styles.summary}>
      <div>
        <dt>{t('access.email')}</dt>
        <dd>{email}</dd>
      </div>
      {access && (
        <>
          <div>
            <dt>{t('access.capabilities')}</dt>
            <dd>
              {access.capabilities.length
                ? access.capabilities.map((c) => t(`access.capability.${c}`)).join(', ')
                : t('access.none')}
            </dd>
          </div>
          <div>
            <dt>{t('access.clips')}</dt>
            <dd>{count(access.featureCount.clips, access.limits.clips)}</dd>
          </div>
          <div>
            <dt>{t('access.downloads')}</dt>
            <dd>{count(access.featureCount.downloads, access.limits.downloads)}</dd>
          </div>
          <div>
            <dt>{t('access.purchases')}</dt>
            <dd>{t('access.purchasesCount', access.purchases)}</dd>
          </div>
        </>
      )}
    </dl>
  );
}
