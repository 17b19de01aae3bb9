import { type ConsoleMe, roleAllows } from '@sideline/contract/console';
import { CATALOGUE_KINDS, type CatalogueKind } from '@sideline/contract/console-catalogue';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import type { ConsoleDictionary } from '@/locales/console/en';
import {
  type CatalogueRow,
  type CatalogueRows,
  useCatalogueList,
  useCatalogueWrites,
  useTeamChoices,
} from '../api/catalogue';
import { consolePaths } from '../sections';
import { listNames, usedByOf } from '../utils/catalogue-values';
import { CatalogueForm } from './catalogue-form';
import styles from './console.module.css';
import { ConsoleLoadError, ConsoleLoading } from './console-states';
import formStyles from './fields.module.css';

/** The kind the address names (`?kind=teams`); sports when it names none or another. */
export function catalogueKindOf(params: URLSearchParams): CatalogueKind {
  const kind = params.get('kind');
  return CATALOGUE_KINDS.find((k) => k === kind) ?? 'sports';
}

/**
 * The console's catalogue: sports, schools, teams and venues, one list at a time (chosen in the address). A role
 * with `write` adds, edits and deletes; a delete refused because games or teams use the row says which.
 */
export function CataloguePage({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation('console');
  const [params] = useSearchParams();
  const kind = catalogueKindOf(params);
  const canWrite = roleAllows(me.role, 'write');
  return (
    <section className={styles.section} aria-labelledby="console-catalogue">
      <h2 id="console-catalogue">{t('catalogue.title')}</h2>
      <p>{t('catalogue.intro')}</p>
      {!canWrite && <p className={styles.notice}>{t('catalogue.readOnly')}</p>}
      <nav aria-label={t('catalogue.lists')} className={styles.subNav}>
        <ul>
          {CATALOGUE_KINDS.map((k) => (
            <li key={k}>
              <Link
                to={`${consolePaths.catalogue}?kind=${k}`}
                className={styles.navLink}
                aria-current={k === kind ? 'page' : undefined}
              >
                {t(`catalogue.kinds.${k}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <CatalogueList key={kind} kind={kind} canWrite={canWrite} />
    </section>
  );
}

type Refusal = { name: string; teams: string[]; games: string[] };

/** One kind's rows in a table, with the add and edit form above it and each row's delete, for a role with `write`. */
function CatalogueList({ kind, canWrite }: { kind: CatalogueKind; canWrite: boolean }) {
  const { t, i18n } = useTranslation('console');
  const list = useCatalogueList(kind);
  const { schools, sports } = useTeamChoices(kind === 'teams');
  const writes = useCatalogueWrites(kind);
  const [editing, setEditing] = useState<CatalogueRow | 'new' | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const choicesPending = kind === 'teams' && (schools.isPending || sports.isPending);

  const remove = async (row: CatalogueRow) => {
    if (busy || !window.confirm(t('catalogue.deleteConfirm', { name: row.name }))) return;
    setBusy(true);
    setRefusal(null);
    try {
      await writes.remove(row.id);
      if (editing !== 'new' && editing?.id === row.id) setEditing(null);
      toast.success(t('catalogue.deleted', { name: row.name }));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'catalogue_item_in_use')
        setRefusal({ name: row.name, ...usedByOf(error.details) });
      else toast.error(t('catalogue.deleteFailed', { name: row.name }));
    } finally {
      setBusy(false);
    }
  };

  const nameOf = (rows: readonly { id: number; name: string }[] | undefined, id: number) =>
    rows?.find((r) => r.id === id)?.name ?? t('catalogue.none');
  const swatch = (color: string) => (
    <span className={styles.swatchCell}>
      <span className={styles.swatchDot} style={{ background: color }} aria-hidden="true" />
      <code>{color}</code>
    </span>
  );
  const columns = columnsOf(kind, t, {
    school: (id) => nameOf(schools.data, id),
    sport: (id) => nameOf(sports.data, id),
    swatch,
    none: t('catalogue.none'),
  });
  const rows = list.data ?? [];

  return (
    <div className={styles.section}>
      <h3 className={styles.subTitle}>{t(`catalogue.kinds.${kind}`)}</h3>
      {refusal && (
        <div className={styles.refused} role="alert">
          <p>{t('catalogue.inUse', { name: refusal.name })}</p>
          {refusal.teams.length > 0 && (
            <p>{t('catalogue.usedByTeams', { names: listNames(refusal.teams, i18n.language) })}</p>
          )}
          {refusal.games.length > 0 && (
            <p>{t('catalogue.usedByGames', { names: listNames(refusal.games, i18n.language) })}</p>
          )}
        </div>
      )}
      {canWrite &&
        (editing ? (
          <div className={styles.panel}>
            <h4 className={styles.panelTitle}>
              {editing === 'new' ? t(`catalogue.add.${kind}`) : t('catalogue.editTitle', { name: editing.name })}
            </h4>
            {choicesPending ? (
              <ConsoleLoading label={t('catalogue.loading')} />
            ) : (
              <CatalogueForm
                key={editing === 'new' ? 'new' : editing.id}
                kind={kind}
                row={editing === 'new' ? undefined : editing}
                schools={schools.data}
                sports={sports.data}
                onDone={() => setEditing(null)}
              />
            )}
          </div>
        ) : (
          <div className={styles.actions}>
            <button type="button" className="button button-solid" onClick={() => setEditing('new')}>
              {t(`catalogue.add.${kind}`)}
            </button>
          </div>
        ))}
      {list.isPending ? (
        <ConsoleLoading label={t('catalogue.loading')} />
      ) : list.isError ? (
        <ConsoleLoadError onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <p role="status">{t('catalogue.empty')}</p>
      ) : (
        <div className={formStyles.tableFrame}>
          <table className={formStyles.table}>
            <caption className="sr-only">{t(`catalogue.kinds.${kind}`)}</caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.label} scope="col">
                    {column.label}
                  </th>
                ))}
                {canWrite && <th scope="col">{t('catalogue.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  {columns.map((column) => (
                    <td key={column.label}>{column.cell(row)}</td>
                  ))}
                  {canWrite && (
                    <td>
                      <div className={styles.rowActions}>
                        <button
                          type="button"
                          className="button button-outline"
                          aria-label={t('catalogue.editNamed', { name: row.name })}
                          onClick={() => {
                            setRefusal(null);
                            setEditing(row);
                          }}
                        >
                          {t('catalogue.edit')}
                        </button>
                        <button
                          type="button"
                          className="button button-outline"
                          aria-label={t('catalogue.deleteNamed', { name: row.name })}
                          onClick={() => void remove(row)}
                        >
                          {t('catalogue.delete')}
                        </button>
                      </div>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

type Column = { label: string; cell: (row: CatalogueRow) => ReactNode };
type Cells = {
  school: (id: number) => string;
  sport: (id: number) => string;
  swatch: (color: string) => ReactNode;
  none: string;
};
type Translate = ReturnType<typeof useTranslation<'console'>>['t'];

/** The table's columns of a kind: what tells its rows apart at a glance. */
function columnsOf(kind: CatalogueKind, t: Translate, cells: Cells): Column[] {
  const f = (key: keyof ConsoleDictionary['catalogue']['fields']) => t(`catalogue.fields.${key}`);
  const name = { label: f('name'), cell: (row: CatalogueRow) => row.name };
  if (kind === 'sports')
    return [
      name,
      { label: f('alias'), cell: (row) => (row as CatalogueRows['sports']).alias },
      { label: f('position'), cell: (row) => (row as CatalogueRows['sports']).position },
    ];
  if (kind === 'schools')
    return [
      name,
      { label: f('shortName'), cell: (row) => (row as CatalogueRows['schools']).short_name },
      { label: f('alias'), cell: (row) => (row as CatalogueRows['schools']).alias },
      { label: f('color'), cell: (row) => cells.swatch((row as CatalogueRows['schools']).color) },
    ];
  if (kind === 'teams')
    return [
      name,
      { label: f('school'), cell: (row) => cells.school((row as CatalogueRows['teams']).school_id) },
      { label: f('sport'), cell: (row) => cells.sport((row as CatalogueRows['teams']).sport_id) },
      {
        label: f('gender'),
        cell: (row) => {
          const gender = (row as CatalogueRows['teams']).gender;
          return gender ? t(`catalogue.genders.${gender}`) : cells.none;
        },
      },
      { label: f('color'), cell: (row) => cells.swatch((row as CatalogueRows['teams']).color) },
    ];
  return [
    name,
    { label: f('city'), cell: (row) => (row as CatalogueRows['venues']).city ?? cells.none },
    { label: f('country'), cell: (row) => (row as CatalogueRows['venues']).country },
    { label: f('timeZone'), cell: (row) => (row as CatalogueRows['venues']).time_zone },
  ];
}
