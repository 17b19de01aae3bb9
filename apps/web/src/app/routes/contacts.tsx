import { useTranslation } from 'react-i18next';
import { MailIcon, PhoneIcon } from '@/components/ui/detail-icons';
import { pageQueryOptions, usePage } from '@/features/channel/api/get-page';
import { useSettings } from '@/features/channel/api/get-settings';
import { PageContent } from '@/features/channel/components/page-content';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { queryClient } from '@/lib/query-client';
import styles from './info.module.css';

const CONTACTS_PAGE = 'contacts';

export const loader = async () => {
  await queryClient.ensureQueryData(pageQueryOptions(CONTACTS_PAGE));
  return null;
};

/** How to reach the channel: its own contacts page when it has one, then its e-mail and phone. */
export function ContactsView() {
  const { t } = useTranslation('views');
  const settings = useSettings();
  const page = usePage(CONTACTS_PAGE);
  const title = t('contacts.title');
  useDocumentTitle(title);
  return (
    <div className={`container ${styles.page}`}>
      {page ? (
        <>
          <h1 className={styles.kicker}>{title}</h1>
          <PageContent html={page.content} />
        </>
      ) : (
        <>
          <h1 className={styles.title}>{title}</h1>
          <p className={styles.lead}>{t('contacts.intro')}</p>
        </>
      )}
      <div className={styles.cards}>
        {settings.contact_email && (
          <a className={styles.card} href={`mailto:${settings.contact_email}`}>
            <MailIcon width={26} height={26} />
            <span className={styles.cardLabel}>{t('contacts.email')}</span>
            <span className={styles.cardValue}>{settings.contact_email}</span>
          </a>
        )}
        {settings.contact_phone && (
          <a className={styles.card} href={`tel:${settings.contact_phone.replace(/[^\d+]/g, '')}`}>
            <PhoneIcon width={26} height={26} />
            <span className={styles.cardLabel}>{t('contacts.phone')}</span>
            <span className={styles.cardValue}>{settings.contact_phone}</span>
          </a>
        )}
      </div>
    </div>
  );
}
