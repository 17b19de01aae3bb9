import { type ConsoleMe, roleAllows } from '@sideline/contract/console';
import { CONTENT_KINDS, type ContentKind } from '@sideline/contract/console-content';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { useBranding } from '../api/branding';
import { type ContentRow, type ContentRows, useContentList, useContentWrites } from '../api/content';
import { consolePaths } from '../sections';
import { contentLanguages, menuTree, moveRow, nextPosition, TITLE_FIELD } from '../utils/content-values';
import styles from './console.module.css';
import { ConsoleLoadError, ConsoleLoading } from './console-states';
import { ContentForm } from './content-form';
import formStyles from './fields.module.css';

/** The kind the address names (`?kind=faqs`); the menu when it names none or another. */
export function contentKindOf(params: URLSearchParams): ContentKind {
  const kind = params.get('kind');
  return CONTENT_KINDS.find((k) => k === kind) ?? 'menu-items';
}

/**
 * The console's navigation and content: the menu, extra pages, FAQ and slides, one list at a time (chosen in the
 * address). A role with `write` adds, edits, deletes and reorders; pages' and FAQ entries' texts are written per
 * language. Fans see each change at once.
 */
export function ContentPage({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation('console');
  const [params] = useSearchParams();
  const kind = contentKindOf(params);
  const canWrite = roleAllows(me.role, 'write');
  return (
    <section className={styles.section} aria-labelledby="console-content">
      <h2 id="console-content">{t('content.title')}</h2>
      <p>{t('content.intro')}</p>
      {!canWrite && <p className={styles.notice}>{t('content.readOnly')}</p>}
      <nav aria-label={t('content.lists')} className={styles.subNav}>
        <ul>
          {CONTENT_KINDS.map((k) => (
            <li key={k}>
              <Link
                to={`${consolePaths.content}?kind=${k}`}
                className={styles.navLink}
                aria-current={k === kind ? 'page' : undefined}
              >
                {t(`content.kinds.${k}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ContentList key={kind} kind={kind} canWrite={canWrite} />
    </section>
  );
}

const field = (row: ContentRow, name: string) => (row as Record<string, unknown>)[name];
const titleOf = (kind: ContentKind, row: ContentRow) => String(field(row, TITLE_FIELD[kind]) ?? '');
/** Menu items move among their siblings; other rows among all of their kind. */
const sameGroup = (kind: ContentKind) => (a: ContentRow, b: ContentRow) =>
  kind !== 'menu-items' || field(a, 'parent_id') === field(b, 'parent_id');

/** HTML as a line of its text, for the table. */
const plain = (html: unknown) => {
  const text = String(html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
};

/** One kind's rows in order, with the add and edit form above them and each row's moves and delete. */
function ContentList({ kind, canWrite }: { kind: ContentKind; canWrite: boolean }) {
  const { t } = useTranslation('console');
  const list = useContentList(kind);
  const branding = useBranding();
  const writes = useContentWrites(kind);
  const [editing, setEditing] = useState<ContentRow | 'new' | null>(null);
  const [busy, setBusy] = useState(false);
  const rows = list.data ?? [];
  // The menu as fans see it, children under their parent; other kinds in their order.
  const shown =
    kind === 'menu-items'
      ? menuTree(rows as ContentRows['menu-items'][])
      : rows.map((row) => ({ row: row as ContentRow, depth: 0 }));
  const languages = contentLanguages(branding.data?.language);

  const remove = async (row: ContentRow) => {
    const name = titleOf(kind, row);
    if (busy || !window.confirm(t('content.deleteConfirm', { name }))) return;
    setBusy(true);
    try {
      await writes.remove(row.id);
      if (editing !== 'new' && editing?.id === row.id) setEditing(null);
      toast.success(t('content.deleted', { name }));
    } catch {
      toast.error(t('content.deleteFailed', { name }));
    } finally {
      setBusy(false);
    }
  };

  const move = async (row: ContentRow, direction: -1 | 1) => {
    const changes = moveRow(rows, row.id, direction, sameGroup(kind));
    if (busy || !changes.length) return;
    setBusy(true);
    try {
      for (const change of changes) await writes.update(change.id, { position: change.position }, false);
      toast.success(t('content.moved', { name: titleOf(kind, row) }));
    } catch {
      toast.error(t('content.saveFailed'));
    } finally {
      await writes.refresh();
      setBusy(false);
    }
  };

  const parentName = (id: unknown) => {
    const parent = rows.find((r) => r.id === id);
    return parent ? titleOf(kind, parent) : t('content.topLevel');
  };
  const detail = (row: ContentRow) =>
    kind === 'faqs'
      ? plain(field(row, 'answer'))
      : kind === 'slides'
        ? String(field(row, 'url') ?? field(row, 'image') ?? '')
        : kind === 'pages'
          ? `/${String(field(row, 'url'))}`
          : String(field(row, 'url'));
  const languagesOf = (row: ContentRow) => {
    const translations = field(row, 'translations') as Record<string, unknown> | undefined;
    return translations ? Object.keys(translations).join(', ').toUpperCase() || t('content.none') : null;
  };
  const translated = kind === 'pages' || kind === 'faqs';

  return (
    <div className={styles.section}>
      <h3 className={styles.subTitle}>{t(`content.kinds.${kind}`)}</h3>
      {canWrite &&
        (editing ? (
          <div className={styles.panel}>
            <h4 className={styles.panelTitle}>
              {editing === 'new' ? t(`content.add.${kind}`) : t('content.editTitle', { name: titleOf(kind, editing) })}
            </h4>
            <ContentForm
              key={editing === 'new' ? 'new' : editing.id}
              kind={kind}
              row={editing === 'new' ? undefined : editing}
              rows={rows}
              languages={languages}
              position={nextPosition(rows)}
              onDone={() => setEditing(null)}
            />
          </div>
        ) : (
          <div className={styles.actions}>
            <button type="button" className="button button-solid" onClick={() => setEditing('new')}>
              {t(`content.add.${kind}`)}
            </button>
          </div>
        ))}
      {list.isPending ? (
        <ConsoleLoading label={t('content.loading')} />
      ) : list.isError ? (
        <ConsoleLoadError onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <p role="status">{t('content.empty')}</p>
      ) : (
        <div className={formStyles.tableFrame}>
          <table className={formStyles.table}>
            <caption className="sr-only">{t(`content.kinds.${kind}`)}</caption>
            <thead>
              <tr>
                <th scope="col">{t(`content.fields.${TITLE_FIELD[kind]}` as 'content.fields.name')}</th>
                <th scope="col">{t(`content.detail.${kind}`)}</th>
                {kind === 'menu-items' && <th scope="col">{t('content.fields.parent_id')}</th>}
                {translated && <th scope="col">{t('content.translations')}</th>}
                {canWrite && <th scope="col">{t('content.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {shown.map(({ row, depth }) => {
                const name = titleOf(kind, row);
                const group = rows.filter((r) => sameGroup(kind)(r, row));
                const place = group.findIndex((r) => r.id === row.id);
                return (
                  <tr key={row.id}>
                    <td style={depth ? { paddingInlineStart: `${depth * 1.5 + 0.5}rem` } : undefined}>{name}</td>
                    <td>{detail(row)}</td>
                    {kind === 'menu-items' && <td>{parentName(field(row, 'parent_id'))}</td>}
                    {translated && <td>{languagesOf(row)}</td>}
                    {canWrite && (
                      <td>
                        <div className={styles.rowActions}>
                          <button
                            type="button"
                            className="button button-outline"
                            aria-label={t('content.upNamed', { name })}
                            aria-disabled={place === 0 || busy || undefined}
                            onClick={() => void move(row, -1)}
                          >
                            {t('content.up')}
                          </button>
                          <button
                            type="button"
                            className="button button-outline"
                            aria-label={t('content.downNamed', { name })}
                            aria-disabled={place === group.length - 1 || busy || undefined}
                            onClick={() => void move(row, 1)}
                          >
                            {t('content.down')}
                          </button>
                          <button
                            type="button"
                            className="button button-outline"
                            aria-label={t('content.editNamed', { name })}
                            onClick={() => setEditing(row)}
                          >
                            {t('content.edit')}
                          </button>
                          <button
                            type="button"
                            className="button button-outline"
                            aria-label={t('content.deleteNamed', { name })}
                            onClick={() => void remove(row)}
                          >
                            {t('content.delete')}
                          </button>
                        </div>
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
