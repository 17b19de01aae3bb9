import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguagePicker } from '@/components/language-picker';
import { MailIcon, PhoneIcon } from '@/components/ui/detail-icons';
import { ExternalLink } from '@/components/ui/external-link';
import { paths } from '@/config/paths';
import { usePages } from '../api/get-pages';
import { useSettings } from '../api/get-settings';
import styles from './site-footer.module.css';

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className={styles.heading}>{title}</h2>
      <ul className={styles.links}>{children}</ul>
    </div>
  );
}

/** The channel's footer: about, what else to watch, its pages, contact, social links and the language picker. */
export function SiteFooter() {
  const { t } = useTranslation();
  const { name, description, contact_email: email, contact_phone: phone, social_links: social } = useSettings();
  const pages = usePages();
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <div className={styles.about}>
          <p className={styles.name}>{name}</p>
          <p className={styles.muted}>{description}</p>
          <LanguagePicker />
        </div>
        {/* The library and Moments have no place in every channel's menu; here they are linked on every page. */}
        <Column title={t('footer.watch')}>
          <li>
            <Link to={paths.vodLibrary.href()}>{t('footer.library')}</Link>
          </li>
          <li>
            <Link to={paths.moments.href()}>{t('footer.moments')}</Link>
          </li>
        </Column>
        {pages.length > 0 && (
          <Column title={t('footer.pages')}>
            {pages.map((page) => (
              <li key={page.id}>
                <Link to={paths.page.href(page.url)}>{page.name}</Link>
              </li>
            ))}
          </Column>
        )}
        {(email || phone) && (
          <Column title={t('footer.contact')}>
            {email && (
              <li>
                <a href={`mailto:${email}`}>
                  <MailIcon width={16} height={16} />
                  {email}
                </a>
              </li>
            )}
            {phone && (
              <li>
                <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
                  <PhoneIcon width={16} height={16} />
                  {phone}
                </a>
              </li>
            )}
          </Column>
        )}
        {social.length > 0 && (
          <Column title={t('footer.follow')}>
            {social.map((link) => (
              <li key={link.url}>
                <ExternalLink href={link.url}>{link.name}</ExternalLink>
              </li>
            ))}
          </Column>
        )}
      </div>
      <div className={`container ${styles.bottom}`}>
        <p>
          © {new Date().getFullYear()} {name}. {t('footer.rights')}
        </p>
        <p>{t('footer.poweredBy')}</p>
      </div>
    </footer>
  );
}
