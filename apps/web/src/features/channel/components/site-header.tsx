import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LanguagePicker } from '@/components/language-picker';
import { CloseIcon, MenuIcon } from '@/components/ui/icons';
import { ChannelBrand } from './channel-brand';
import { MainMenu } from './main-menu';
import styles from './site-header.module.css';

/**
 * The channel's header: brand, menu, language and the account slot (`actions`). Below 768 px the menu folds
 * into a panel behind a menu button; it closes on navigation and on Escape.
 */
export function SiteHeader({ actions }: { actions?: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const [openedOn, setOpenedOn] = useState(pathname);
  if (openedOn !== pathname) {
    setOpenedOn(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      // The panel hides with the focus in it, which would drop to the page's start: the button takes it back.
      if (panelRef.current?.contains(document.activeElement)) buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

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
        <div ref={panelRef} id={panelId} className={styles.panel} data-open={open}>
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
