import { type AuditEntry, STAFF_ROLES, type StaffRole } from '@sideline/contract/console';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AUDIT_PAGE_SIZE, useAuditLog } from '../api/audit-log';
import { type AuditSearch, compactJson, readAuditSearch, toAuditFilters, writeAuditSearch } from '../utils/audit-query';
import styles from './console.module.css';
import { ConsoleLoadError, ConsoleLoading } from './console-states';
import formStyles from './fields.module.css';

/** The console's audit log: filters in the address (so a filtered page can be shared and reloaded), newest first. */
export function AuditPage() {
  const { t, i18n } = useTranslation('console');
  const [params, setParams] = useSearchParams();
  const search = readAuditSearch(params);
  const log = useAuditLog(toAuditFilters(search), search.offset);
  const go = (next: AuditSearch) => setParams(writeAuditSearch(next));
  const when = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'medium',
  });
  const none = t('audit.none');
  // The log keeps the role as it was written; one this build does not know is shown as is.
  const roleName = (role: string) =>
    (STAFF_ROLES as readonly string[]).includes(role) ? t(`console.roles.${role as StaffRole}`) : role;

  const columns: { key: string; label: string; cell: (entry: AuditEntry) => ReactNode }[] = [
    { key: 'at', label: t('audit.when'), cell: (e) => <time dateTime={e.at}>{when.format(new Date(e.at))}</time> },
    { key: 'who', label: t('audit.who'), cell: (e) => `${e.actor.email} (${roleName(e.actor.role)})` },
    { key: 'address', label: t('audit.address'), cell: (e) => e.address ?? none },
    { key: 'action', label: t('audit.action'), cell: (e) => <code>{e.action}</code> },
    { key: 'entity', label: t('audit.entity'), cell: (e) => (e.entity_id ? `${e.entity} ${e.entity_id}` : e.entity) },
    {
      key: 'change',
      label: t('audit.change'),
      cell: (e) => (
        <code className={styles.change}>
          {compactJson(e.before) ?? none} → {compactJson(e.after) ?? none}
        </code>
      ),
    },
  ];

  const meta = log.data?.meta;
  const rows = log.data?.data ?? [];
  return (
    <section className={styles.section} aria-labelledby="console-audit">
      <h2 id="console-audit">{t('audit.title')}</h2>
      <p>{t('audit.intro')}</p>
      <AuditFilterForm key={params.toString()} search={search} onApply={(next) => go({ ...next, offset: 0 })} />
      {log.isPending ? (
        <ConsoleLoading label={t('audit.loading')} />
      ) : log.isError ? (
        <ConsoleLoadError onRetry={() => void log.refetch()} />
      ) : rows.length === 0 ? (
        <p role="status">{t('audit.empty')}</p>
      ) : (
        <div className={formStyles.tableFrame}>
          <table className={formStyles.table}>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.key} scope="col">
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((entry) => (
                <tr key={entry.id}>
                  {columns.map((column) => (
                    <td key={column.key}>{column.cell(entry)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {meta && meta.total > 0 && (
        <nav aria-label={t('audit.pages')} className={styles.pager}>
          <button
            type="button"
            className="button button-outline"
            disabled={search.offset === 0}
            onClick={() => go({ ...search, offset: Math.max(0, search.offset - AUDIT_PAGE_SIZE) })}
          >
            {t('audit.newer')}
          </button>
          <span aria-live="polite">
            {t('audit.range', {
              first: search.offset + 1,
              last: Math.min(search.offset + rows.length, meta.total),
              total: meta.total,
            })}
          </span>
          <button
            type="button"
            className="button button-outline"
            disabled={search.offset + AUDIT_PAGE_SIZE >= meta.total}
            onClick={() => go({ ...search, offset: search.offset + AUDIT_PAGE_SIZE })}
          >
            {t('audit.older')}
          </button>
        </nav>
      )}
    </section>
  );
}

function AuditFilterForm({ search, onApply }: { search: AuditSearch; onApply: (search: AuditSearch) => void }) {
  const { t } = useTranslation('console');
  const [draft, setDraft] = useState(search);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  const field = (key: 'action' | 'actor' | 'from' | 'to', type: string, hint?: string) => (
    <div className={formStyles.field}>
      <label htmlFor={`audit-${key}`} className={formStyles.label}>
        {t(`audit.${key}`)}
      </label>
      <input
        id={`audit-${key}`}
        className={formStyles.input}
        type={type}
        value={draft[key]}
        placeholder={hint}
        onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
      />
    </div>
  );
  return (
    <form onSubmit={submit} aria-label={t('audit.filters')} className={styles.filters}>
      {field('action', 'text', t('audit.actionHint'))}
      {field('actor', 'email')}
      {field('from', 'date')}
      {field('to', 'date')}
      <div className={styles.actions}>
        <button type="submit" className="button button-solid">
          {t('audit.apply')}
        </button>
        <button
          type="button"
          className="button button-outline"
          onClick={() => onApply({ action: '', actor: '', from: '', to: '', offset: 0 })}
        >
          {t('audit.clear')}
        </button>
      </div>
    </form>
  );
}
