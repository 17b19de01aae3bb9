import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import formStyles from '@/components/form/form.module.css';
import { MailIcon } from '@/components/ui/detail-icons';
import { paths } from '@/config/paths';
import styles from './auth-page.module.css';

/** After sign-up: check the mail sent to `email` (unknown on a direct visit), then sign in. */
export function VerifyNotice({ email }: { email: string | null }) {
  const { t } = useTranslation('accounts');
  return (
    <div className={formStyles.form}>
      <p className={formStyles.status} role="status">
        <MailIcon />
        <span>{email ? t('auth.verifyNotice.message', { email }) : t('auth.verifyNotice.messageNoEmail')}</span>
      </p>
      <p className={styles.intro}>{t('auth.verifyNotice.hint')}</p>
      <Link className={`button button-solid ${styles.action}`} to={paths.login.href()}>
        {t('auth.verifyNotice.signIn')}
      </Link>
    </div>
  );
}
