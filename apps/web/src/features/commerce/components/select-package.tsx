import type { Gender, PassKind } from '@sideline/contract/enums';
import { choicePriceCents } from '@sideline/contract/rules/choice-price';
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

/** A team as the picker shows it: schools field a team in several sports, so the name alone says too little. */
export type TeamInfo = { name: string; sport: string | null; gender: Gender | null; colour: string | null };

/** Names of what a pass covers, from the channel's catalogue (the app hands them over). */
export type CoverageNames = { category: (id: number) => string; team: (id: number) => TeamInfo };

type Option = { id: number; label: string; owned: boolean; colour?: string | null };

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
            {o.colour && <span className={styles.swatch} style={{ background: o.colour }} aria-hidden="true" />}
            {o.label} {o.owned && <span className={styles.muted}>{t('select.owned')}</span>}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** "Northfield Owls — Women’s Basketball": the team with its sport and gender, when the catalogue says them. */
function useTeamLabel() {
  const { t } = useTranslation('commerce');
  return (team: TeamInfo) => {
    const sport = team.sport ?? '';
    const detail = team.gender ? t(`select.genderSport.${team.gender}`, { sport }).trim() : sport;
    return detail ? t('select.teamLabel', { team: team.name, detail }) : team.name;
  };
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
  const teamLabel = useTeamLabel();

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
  // Priced by what is chosen (the server's rule): each sport or team is its share of the pass's price.
  const owned = byTeam ? pass.disabledParticipants : pass.disabledCategories;
  const choicePrice = choicePriceCents(Math.round(pass.base_price * 100), chosen.size, coverage.length) / 100;

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
            options={coverage.map((id) => {
              const team = byTeam ? names.team(id) : null;
              return {
                id,
                label: team ? teamLabel(team) : names.category(id),
                owned: owned.includes(id),
                colour: team?.colour ?? null,
              };
            })}
            chosen={chosen}
            onToggle={(id) => {
              setError(false);
              if (byTeam) setTeams((s) => toggle(s, id));
              else setCategories((s) => toggle(s, id));
            }}
          />
        )}
        {chooses && (
          <p className={styles.muted} aria-live="polite">
            {t(byTeam ? 'select.priceByTeams' : 'select.priceBySports', {
              price: money.amount(choicePrice, pass.currency),
            })}
          </p>
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
