import type { MenuItem } from '@sideline/contract/channel';
import { type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ChevronDownIcon } from '@/components/ui/icons';
import { useDisclosure } from '@/hooks/use-disclosure';
import styles from './main-menu.module.css';
import { MenuLink } from './menu-link';

/**
 * "More": the menu entries that did not fit on the header's row, an entry with children as a labelled group.
 * With nothing to hold it stays in the row, invisible and inert, so the row can keep room for it when measuring.
 */
export function MoreMenu({
  ref,
  items,
  onNavigate,
}: {
  ref: Ref<HTMLDivElement>;
  items: MenuItem[];
  onNavigate?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const { open, setOpen, rootRef, buttonRef } = useDisclosure();
  const listId = useId();
  const { pathname } = useLocation();
  const empty = items.length === 0;
  const holdsCurrentPage = items.some((i) => i.url === pathname || i.children.some((c) => c.url === pathname));
  const close = () => {
    setOpen(false);
    onNavigate?.();
  };

  return (
    <div
      ref={(node) => {
        rootRef.current = node;
        if (typeof ref === 'function') ref(node);
        else if (ref) ref.current = node;
      }}
      className={styles.more}
      data-set-aside={empty || undefined}
      aria-hidden={empty || undefined}
      inert={empty || undefined}
    >
      <button
        ref={buttonRef}
        type="button"
        className={styles.link}
        aria-expanded={open && !empty}
        aria-controls={listId}
        data-current={holdsCurrentPage || undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {t('nav.more')}
        <ChevronDownIcon width={16} height={16} className={styles.chevron} />
      </button>
      <ul id={listId} className={`${styles.dropdown} ${styles.moreList}`} hidden={!open || empty}>
        {items.map((item) =>
          item.children.length > 0 ? (
            <li key={item.id}>
              <span className={styles.moreGroup} id={`${listId}-${item.id}`}>
                {item.name}
              </span>
              <ul aria-labelledby={`${listId}-${item.id}`}>
                {[...item.children]
                  .sort((a, b) => a.position - b.position)
                  .map((child) => (
                    <li key={child.id}>
                      <MenuLink item={child} className={styles.dropdownLink} onNavigate={close} />
                    </li>
                  ))}
              </ul>
            </li>
          ) : (
            <li key={item.id}>
              <MenuLink item={item} className={styles.dropdownLink} onNavigate={close} />
            </li>
          ),
        )}
      </ul>
    </div>
  );
}
