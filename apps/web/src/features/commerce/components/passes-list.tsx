import type { Pass } from '@sideline/contract/commerce';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { passItem, trackEcommerce } from '../utils/ecommerce';
import styles from './commerce.module.css';
import { PassCard } from './pass-card';

const LIST_NAME = 'passes';

/** Passes with the same group name are shown together, in the order their heaviest member comes. */
export function groupPasses(passes: readonly Pass[]): { name: string | null; passes: Pass[] }[] {
  const groups = new Map<string | null, Pass[]>();
  for (const pass of passes) {
    const key = pass.group_name?.trim() || null;
    groups.set(key, [...(groups.get(key) ?? []), pass]);
  }
  return [...groups].map(([name, list]) => ({ name, passes: list }));
}

/**
 * The passes on sale beside the basic pass (heaviest first, grouped by their group name): not the basic pass,
 * nor the single-game package, which is bought from the game's page, nor the add-ons, offered with their pass.
 */
export function PassesList({ passes, trialUsed = false }: { passes: readonly Pass[]; trialUsed?: boolean }) {
  const { t } = useTranslation('commerce');
  const onSale = passes.filter((p) => !p.is_basic && !p.is_single_event && p.pass_type === 'regular');
  const ids = onSale.map((p) => `${p.kind}-${p.id}`).join(',');

  // Once per list shown, not per render.
  const tracked = useRef<string | null>(null);
  useEffect(() => {
    if (onSale.length === 0 || tracked.current === ids) return;
    tracked.current = ids;
    trackEcommerce({ name: 'view_item_list', params: { item_list_name: LIST_NAME, items: onSale.map(passItem) } });
  });

  const onSelect = (pass: Pass) =>
    trackEcommerce({ name: 'select_item', params: { item_list_name: LIST_NAME, items: [passItem(pass)] } });

  if (onSale.length === 0) return <p className={styles.lead}>{t('passes.empty')}</p>;
  return (
    <section aria-labelledby="more-passes">
      <h2 id="more-passes" className={styles.heading}>
        {t('passes.more')}
      </h2>
      {groupPasses(onSale).map((group, i) => {
        const grid = (
          <div className={styles.grid}>
            {group.passes.map((pass) => (
              <PassCard
                key={`${pass.kind}-${pass.id}`}
                pass={pass}
                onSelect={onSelect}
                level={group.name ? 4 : 3}
                trialUsed={trialUsed}
              />
            ))}
          </div>
        );
        if (!group.name) return <div key="">{grid}</div>;
        return (
          <section key={group.name} aria-labelledby={`pass-group-${i}`}>
            <h3 id={`pass-group-${i}`} className={styles.heading}>
              {group.name}
            </h3>
            {grid}
          </section>
        );
      })}
      <p className={styles.muted}>{t('passes.salesFinal')}</p>
    </section>
  );
}
