import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type EventsLayout, setLayout } from '../stores/layout-store';
import styles from './layout-switch.module.css';

const Svg = ({ d }: { d: string }) => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
    <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);
const ICONS = {
  grid: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  list: 'M4 5h5v5H4zM12 7h8M4 14h5v5H4zM12 16h8',
  card: 'M4 5h16v11H4zM4 19h10',
  table: 'M4 5h16v14H4zM4 10h16M4 15h16M10 5v14',
};

function Choice<V extends string>({
  name,
  value,
  checked,
  label,
  onPick,
}: {
  name: string;
  value: V;
  checked: boolean;
  label: string;
  onPick: (value: V) => void;
}) {
  return (
    <label className={styles.choice}>
      <input type="radio" name={name} value={value} checked={checked} onChange={() => onPick(value)} />
      <Svg d={ICONS[value as keyof typeof ICONS]} />
      <span className={styles.text}>{label}</span>
    </label>
  );
}

/**
 * The spec's two layout choices as radio groups: grid or list, cards or table (a table is always a list, so
 * the first group rests while the table shows). The choice is remembered.
 */
export function LayoutSwitch({ layout }: { layout: EventsLayout }) {
  const { t } = useTranslation('browse');
  const id = useId();
  return (
    <div className={styles.switch}>
      <fieldset className={styles.group} disabled={layout.item === 'table'}>
        <legend className="sr-only">{t('schedule.layout.arrangement')}</legend>
        <Choice
          name={`${id}-list`}
          value="grid"
          checked={layout.list === 'grid'}
          label={t('schedule.layout.grid')}
          onPick={(list) => setLayout({ list })}
        />
        <Choice
          name={`${id}-list`}
          value="list"
          checked={layout.list === 'list'}
          label={t('schedule.layout.list')}
          onPick={(list) => setLayout({ list })}
        />
      </fieldset>
      <fieldset className={styles.group}>
        <legend className="sr-only">{t('schedule.layout.display')}</legend>
        <Choice
          name={`${id}-item`}
          value="card"
          checked={layout.item === 'card'}
          label={t('schedule.layout.card')}
          onPick={(item) => setLayout({ item })}
        />
        <Choice
          name={`${id}-item`}
          value="table"
          checked={layout.item === 'table'}
          label={t('schedule.layout.table')}
          onPick={(item) => setLayout({ item })}
        />
      </fieldset>
    </div>
  );
}
