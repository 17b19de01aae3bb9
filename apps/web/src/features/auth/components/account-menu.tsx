import type { User } from '@sideline/contract/auth';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { ChevronDownIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useDisclosure } from '@/hooks/use-disclosure';
import { useLogout } from '../hooks/use-logout';
import styles from './account-menu.module.css';

/**
 * "My account" and, beside it, a disclosure with the fan's address, profile editing and sign-out. When the rule
 * refuses sign-out, the button says why (and tells again when pressed). Closes on Escape, outside clicks and
 * navigation.
 */
export function AccountMenu({ user }: { user: User }) {
  const { t } = useTranslation('accounts');
  const { refusal, busy, signOut } = useLogout();
  // Any navigation closes it: the location's key changes on every one, a link to the page itself included.
  const { open, setOpen, rootRef, buttonRef } = useDisclosure({ closeOnChange: useLocation().key });
  const menuId = useId();
  const reasonId = useId();

  return (
    <div ref={rootRef} className={styles.account}>
      <NavLink to={paths.profile.href()} className={styles.link}>
        {t('nav.account')}
      </NavLink>
      <button
        ref={buttonRef}
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('accountMenu.label')}
        onClick={() => setOpen((o) => !o)}
      >
        <ChevronDownIcon width={18} height={18} />
      </button>
      <div id={menuId} className={styles.menu} hidden={!open}>
        <p className={styles.who}>
          {t('accountMenu.signedInAs')}
          <strong>{user.email}</strong>
        </p>
        <ul className={styles.items}>
          <li>
            <Link to={paths.profileEdit.href()}>{t('accountMenu.editProfile')}</Link>
          </li>
          <li>
            <button
              type="button"
              aria-disabled={refusal || busy ? true : undefined}
              aria-describedby={refusal ? reasonId : undefined}
              onClick={() => void signOut()}
            >
              {t('accountMenu.signOut')}
            </button>
            {refusal && (
              <p id={reasonId} className={styles.reason}>
                {t(refusal.message)}
              </p>
            )}
          </li>
        </ul>
      </div>
    </div>
  );
}
