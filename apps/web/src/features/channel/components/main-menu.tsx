import type { MenuItem } from '@sideline/contract/channel';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ChevronDownIcon } from '@/components/ui/icons';
import { useDisclosure } from '@/hooks/use-disclosure';
import { useMenu } from '../api/get-menu';
import { useFittingCount } from '../hooks/use-fitting-count';
import styles from './main-menu.module.css';
import { MenuLink } from './menu-link';
import { MoreMenu } from './more-menu';

const byPosition = (a: MenuItem, b: MenuItem) => a.position - b.position;

/**
 * The channel's menu; an entry with children opens them as a dropdown. On one row (tablets and wider) the
 * entries that do not fit beside the brand and the account go, last first, into a "more" menu at the row's end:
 * a channel's longer menu, or longer words in another language, never wrap the header onto a second row.
 */
export function MainMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const items = [...useMenu()].sort(byPosition);
  const rowRef = useRef<HTMLElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const moreRef = useRef<HTMLDivElement>(null);
  const shown = useFittingCount(rowRef, listRef, moreRef, items.length);
  return (
    <nav ref={rowRef} aria-label={t('nav.main')} className={styles.nav}>
      <ul ref={listRef} className={styles.list}>
        {items.map((item, index) => (
          // A set-aside entry stays in place, out of sight and out of the tab order, so it can still be measured.
          <li key={item.id} className={styles.item} data-set-aside={index >= shown || undefined}>
            {item.children.length > 0 ? (
              <MenuGroup item={item} onNavigate={onNavigate} />
            ) : (
              <MenuLink item={item} className={styles.link} onNavigate={onNavigate} />
            )}
          </li>
        ))}
      </ul>
      <MoreMenu ref={moreRef} items={items.slice(shown)} onNavigate={onNavigate} />
    </nav>
  );
}

/** A disclosure: the button toggles the list; Escape or a click elsewhere closes it. */
function MenuGroup({ item, onNavigate }: { item: MenuItem; onNavigate?: (() => void) | undefined }) {
  const { open, setOpen, rootRef, buttonRef } = useDisclosure();
  const listId = useId();
  const { pathname } = useLocation();
  const holdsCurrentPage = item.children.some((child) => child.url === pathname);

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
