import type { MenuItem } from '@sideline/contract/channel';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ChevronDownIcon } from '@/components/ui/icons';
import { useMenu } from '../api/get-menu';
import styles from './main-menu.module.css';
import { MenuLink } from './menu-link';

const byPosition = (a: MenuItem, b: MenuItem) => a.position - b.position;

/** The channel's menu; an entry with children opens them as a dropdown. */
export function MainMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const menu = useMenu();
  return (
    <nav aria-label={t('nav.main')} className={styles.nav}>
      <ul className={styles.list}>
        {[...menu].sort(byPosition).map((item) => (
          <li key={item.id} className={styles.item}>
            {item.children.length > 0 ? (
              <MenuGroup item={item} onNavigate={onNavigate} />
            ) : (
              <MenuLink item={item} className={styles.link} onNavigate={onNavigate} />
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A disclosure: the button toggles the list; Escape or a click elsewhere closes it. */
function MenuGroup({ item, onNavigate }: { item: MenuItem; onNavigate?: () => void }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const holdsCurrentPage = item.children.some((child) => child.url === pathname);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const close = () => {
    setOpen(false);
    onNavigate?.();
  };

  return (
    <div ref={rootRef} className={styles.group}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.link}
        aria-expanded={open}
        aria-controls={listId}
        data-current={holdsCurrentPage || undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {item.name}
        <ChevronDownIcon width={16} height={16} className={styles.chevron} />
      </button>
      <ul id={listId} className={styles.dropdown} hidden={!open}>
        {[...item.children].sort(byPosition).map((child) => (
          <li key={child.id}>
            <MenuLink item={child} className={styles.dropdownLink} onNavigate={close} />
          </li>
        ))}
      </ul>
    </div>
  );
}
