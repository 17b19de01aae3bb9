import { GENDERS } from '@sideline/contract/enums';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '@/hooks/use-media-query';
import { useEventCategories } from '../api/get-event-categories';
import { useEventLocations } from '../api/get-event-locations';
import { useParticipantGroups } from '../api/get-participant-groups';
import { useParticipants } from '../api/get-participants';
import { activeFilterCount, NO_FILTERS, type ScheduleFilters, withFilter } from '../utils/schedule-filters';
import styles from './schedule-filters.module.css';

type Option = { value: string; label: string };

function Select(props: { label: string; all: string; value: string; options: Option[]; onPick: (v: string) => void }) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {props.label}
      </label>
      <select
        id={id}
        className={styles.select}
        value={props.value}
        data-active={props.value !== '' || undefined}
        onChange={(e) => props.onPick(e.target.value)}
      >
        <option value="">{props.all}</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const idOf = (value: string) => (value ? Number(value) : null);
const byName = (a: Option, b: Option) => a.label.localeCompare(b.label);

/** Where the filters fold behind their button (the stylesheet's phone width). */
const PHONE = '(max-width: 639.98px)';

type Props = {
  filters: ScheduleFilters;
  /** Takes an update of the filters as they are in the address when it applies, not as last rendered. */
  onChange: (update: (current: ScheduleFilters) => ScheduleFilters) => void;
};

/**
 * The listing's filters: sport, school, team (narrowed by the sport, school and gender chosen), gender and venue,
 * as labelled selects. On phones they fold behind a "Filters" button that tells how many are on; folded, the
 * selects are not built at all (nor their four lists asked for): a phone's first view of the schedule does less.
 */
export function FilterBar({ filters, onChange }: Props) {
  const { t } = useTranslation('browse');
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const folded = useMediaQuery(PHONE) && !open;
  const count = activeFilterCount({ ...filters, from: null });

  return (
    <div className={styles.filters}>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {t('filters.show')}
        {count > 0 && <span className={styles.badge}>{count}</span>}
      </button>
      <div id={panelId} className={styles.panel} data-open={open || undefined}>
        {!folded && <FilterFields filters={filters} onChange={onChange} />}
      </div>
    </div>
  );
}

function FilterFields({ filters, onChange }: Props) {
  const { t } = useTranslation('browse');
  const sports = useEventCategories().data ?? [];
  const schools = useParticipantGroups().data ?? [];
  const venues = useEventLocations().data ?? [];
  const teams =
    useParticipants({
      ...(filters.school ? { participant_group_id: filters.school } : {}),
      ...(filters.sport ? { event_category_id: filters.sport } : {}),
      ...(filters.gender ? { gender: filters.gender } : {}),
    }).data ?? [];
  const set = <K extends keyof ScheduleFilters>(key: K, value: ScheduleFilters[K]) =>
    onChange((current) => withFilter(current, key, value));

  const teamOptions = teams
    .map((team) => {
      const sport = team.properties.sport ?? '';
      const gender = team.properties.gender;
      const label = gender && sport ? t(`events.genderSport.${gender}`, { sport }) : sport;
      return {
        value: String(team.id),
        label: label ? t('filters.teamOption', { team: team.name, sport: label }) : team.name,
      };
    })
    .sort(byName);
  // A team from a shared link that the list does not (yet) hold still shows as chosen.
  if (filters.team && !teamOptions.some((o) => o.value === String(filters.team))) {
    teamOptions.unshift({ value: String(filters.team), label: `${t('filters.team')} #${filters.team}` });
  }

  return (
    <>
      <Select
        label={t('filters.sport')}
        all={t('filters.allSports')}
        value={filters.sport ? String(filters.sport) : ''}
        options={sports.map((s) => ({ value: String(s.id), label: s.name }))}
        onPick={(v) => set('sport', idOf(v))}
      />
      <Select
        label={t('filters.school')}
        all={t('filters.allSchools')}
        value={filters.school ? String(filters.school) : ''}
        options={schools.map((s) => ({ value: String(s.id), label: s.name })).sort(byName)}
        onPick={(v) => set('school', idOf(v))}
      />
      <Select
        label={t('filters.team')}
        all={t('filters.allTeams')}
        value={filters.team ? String(filters.team) : ''}
        options={teamOptions}
        onPick={(v) => set('team', idOf(v))}
      />
      <Select
        label={t('filters.gender')}
        all={t('filters.allGenders')}
        value={filters.gender ?? ''}
        options={GENDERS.map((g) => ({ value: g, label: t(`events.genders.${g}`) }))}
        onPick={(v) => set('gender', v === 'men' || v === 'women' ? v : null)}
      />
      <Select
        label={t('filters.location')}
        all={t('filters.allLocations')}
        value={filters.location ? String(filters.location) : ''}
        options={venues.map((v) => ({ value: String(v.id), label: v.name })).sort(byName)}
        onPick={(v) => set('location', idOf(v))}
      />
      {activeFilterCount(filters) > 0 && (
        <button type="button" className={styles.clear} onClick={() => onChange(() => NO_FILTERS)}>
          {t('filters.clear')}
        </button>
      )}
    </>
  );
}
