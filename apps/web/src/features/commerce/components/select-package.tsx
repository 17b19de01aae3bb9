import type { PassKind } from '@sideline/contract/enums';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { usePasses } from '../api/get-passes';
import { useMoney } from '../hooks/use-price-title';
import { buyHref } from '../utils/purchase';
import styles from './commerce.module.css';
import { PassTerms } from './pass-card';

/** Names of what a pass covers, from the channel's catalogue (the app hands them over). */
export type CoverageNames = { category: (id: number) => string; team: (id: number) => string };

type Option = { id: number; label: string; owned: boolean };

function Choices({
  legend,
  options,
  chosen,
  onToggle,
}: {
  legend: string;
  options: Option[];
  chosen: ReadonlySet<number>;
  onToggle: (id: number) => void;
}) {
  const { t } = useTranslation('commerce');
  return (
    <fieldset className={styles.fieldset}>
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o.id} className={styles.choice}>
          <input
            type="checkbox"
            checked={o.owned || chosen.has(o.id)}
            disabled={o.owned}
            onChange={() => onToggle(o.id)}
          />
          <span>
            {o.label} {o.owned && <span className={styles.muted}>{t('select.owned')}</span>}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

const toggle = (set: ReadonlySet<number>, id: number) => {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
};

/**
 * `/select-package/{id}`: the sports (or a team pass's teams) to buy, those the fan already has ticked and
 * locked, then the pass's add-ons; Continue carries the choice to checkout in the address.
 */
export function SelectPackage({ passId, kind, names }: { passId: number; kind: PassKind; names: CoverageNames }) {
  const { t } = useTranslation('commerce');
  const money = useMoney();
  const navigate = useNavigate();
  const passes = usePasses();
  const errorId = useId();
  const pass = passes.find((p) => p.id === passId && p.kind === kind && p.pass_type === 'regular');
  const addons = pass ? passes.filter((p) => p.pass_type === 'addition' && pass.additional.includes(p.id)) : [];
  const [categories, setCategories] = useState<ReadonlySet<number>>(
    () => new Set(pass?.event_categories.filter((c) => !pass.disabledCategories.includes(c))),
  );
  const [teams, setTeams] = useState<ReadonlySet<number>>(
    () => new Set(pass?.participants.filter((c) => !pass.disabledParticipants.includes(c))),
  );
  const [extras, setExtras] = useState<ReadonlySet<number>>(() => new Set());
  const [error, setError] = useState(false);

  if (!pass) {
    return (
      <EmptyState
        level={2}
        title={t('select.notFound')}
        message={t('select.notFoundMessage')}
        actions={
          <Link to={paths.packages.href()} className="button button-solid">
            {t('select.seePasses')}
          </Link>
        }
      />
    );
  }

  const byTeam = pass.is_team_pass;
  const coverage = byTeam ? pass.participants : pass.event_categories;
  const chooses = pass.kind === 'package' && coverage.length > 1;
  const chosen = byTeam ? teams : categories;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chooses && chosen.size === 0) {
      setError(true);
      return;
    }
    const list = [...chosen].sort((a, b) => a - b);
    const additional = [...extras].sort((a, b) => a - b);
    const href =
      pass.kind === 'subscription'
        ? buyHref({ subscription_id: pass.id, additional })
        : buyHref({
            package_id: pass.id,
            ...(chooses ? (byTeam ? { participants: list } : { categories: list }) : {}),
            additional,
          });
    void navigate(href);
  };

  return (
    <form className={styles.checkout} onSubmit={submit} noValidate>
      <div className={styles.panel}>
        <h2>{pass.name}</h2>
        {pass.description && <p className={styles.muted}>{pass.description}</p>}
        <p className={styles.price}>{money.title(pass)}</p>
        <PassTerms pass={pass} />
      </div>
      <div className={styles.panel}>
        {chooses && (
          <Choices
            legend={byTeam ? t('select.teams') : t('select.sports')}
            options={coverage.map((id) => ({
              id,
              label: byTeam ? names.team(id) : names.category(id),
              owned: (byTeam ? pass.disabledParticipants : pass.disabledCategories).includes(id),
            }))}
            chosen={chosen}
            onToggle={(id) => {
              setError(false);
              if (byTeam) setTeams((s) => toggle(s, id));
              else setCategories((s) => toggle(s, id));
            }}
          />
        )}
        {addons.length > 0 && (
          <Choices
            legend={t('select.addons')}
            options={addons.map((a) => ({ id: a.id, label: `${a.name} — ${money.title(a)}`, owned: a.purchased }))}
            chosen={extras}
            onToggle={(id) => setExtras((s) => toggle(s, id))}
          />
        )}
        {error && (
          <p id={errorId} className={styles.error} role="alert">
            {t('select.nothingChosen')}
          </p>
        )}
        <button type="submit" className="button button-solid" aria-describedby={error ? errorId : undefined}>
          {t('select.continue')}
        </button>
        <p className={styles.muted}>{t('passes.salesFinal')}</p>
      </div>
    </form>
  );
}
