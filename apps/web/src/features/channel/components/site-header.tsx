import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LanguagePicker } from '@/components/language-picker';
import { CloseIcon, MenuIcon } from '@/components/ui/icons';
import { useDisclosure } from '@/hooks/use-disclosure';
import { ChannelBrand } from './channel-brand';
import { MainMenu } from './main-menu';
import styles from './site-header.module.css';

/**
 * The channel's header: brand, menu, language and the account slot (`actions`). Below 768 px the menu folds
 * into a panel behind a menu button; it closes on navigation and on Escape.
 */
export function SiteHeader({ actions }: { actions?: ReactNode }) {
  const { t } = useTranslation();
  // The panel hides with the focus in it, which would drop to the page's start: the button takes it back.
  const { open, setOpen, rootRef, buttonRef } = useDisclosure({
    closeOnChange: useLocation().pathname,
    closeOnOutsidePress: false,
    refocusOnEscape: 'from-inside',
  });
  const panelId = useId();

  return (
    <header className={styles.header}>
      <div className={`container ${styles.bar}`}>
        <ChannelBrand />
        <button
          ref={buttonRef}
          type="button"
          className={styles.menuButton}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <CloseIcon /> : <MenuIcon />}
          {t('nav.menu')}
        </button>
        <div ref={rootRef} id={panelId} className={styles.panel} data-open={open}>
          <MainMenu onNavigate={() => setOpen(false)} />
          <div className={styles.actions}>
            <LanguagePicker />
            {actions}
          </div>
        </div>
      </div>
    </header>
  );
}
