import type { ContentKind } from '@sideline/contract/console-content';
import type { Language } from '@sideline/contract/constants';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { type ContentRow, useContentWrites } from '../api/content';
import {
  CONTENT_FIELDS,
  type ContentFieldSpec,
  type ContentFormValues,
  changedContentFields,
  checkContent,
  emptyContentValues,
  languageName,
  serverContentErrors,
  TITLE_FIELD,
  toContentBody,
  toContentFormValues,
} from '../utils/content-values';
import styles from './console.module.css';
import { ConsoleField, inputProps } from './console-field';
import formStyles from './fields.module.css';

const titleOf = (kind: ContentKind, row: ContentRow) =>
  String((row as Record<string, unknown>)[TITLE_FIELD[kind]] ?? '');

/**
 * A new row of a kind, or a saved one's changes (only what changed is sent), checked with the contract's schema.
 * Pages' and FAQ entries' texts are written per language: the channel's own first, then each other language, where
 * an empty field means fans read the channel's text.
 */
export function ContentForm({
  kind,
  row,
  rows,
  languages,
  position,
  onDone,
}: {
  kind: ContentKind;
  row?: ContentRow;
  rows: readonly ContentRow[];
  languages: readonly Language[];
  position: number;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation('console');
  const writes = useContentWrites(kind);
  const saved = row as Record<string, unknown> | undefined;
  const [values, setValues] = useState<ContentFormValues>(() =>
    saved ? toContentFormValues(kind, saved) : emptyContentValues(kind, position),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const own = languages[0] ?? 'en';
  const [language, setLanguage] = useState<Language>(own);
  const fields = CONTENT_FIELDS[kind];
  const translated = fields.some((f) => f.translated);
  const first = useRef<HTMLInputElement>(null);

  useEffect(() => first.current?.focus(), []);

  const showErrors = (found: Record<string, string>) => {
    setErrors(found);
    const [firstField] = Object.keys(found);
    if (firstField?.includes(':')) setLanguage(firstField.split(':')[0] as Language);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = checkContent(kind, values);
    if (Object.keys(found).length) return showErrors(found);
    setBusy(true);
    try {
      if (row && saved) {
        const body = changedContentFields(kind, saved, values);
        if (!Object.keys(body).length) {
          toast.info(t('content.unchanged'));
          onDone();
          return;
        }
        const updated = await writes.update(row.id, body);
        toast.success(t('content.saved', { name: titleOf(kind, updated) }));
      } else {
        const created = await writes.create(toContentBody(kind, values));
        toast.success(t('content.created', { name: titleOf(kind, created) }));
      }
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'validation_failed' && error.details?.length)
        showErrors(serverContentErrors(kind, error.details));
      else if (error instanceof ApiError && error.code === 'page_url_taken') showErrors({ url: 'pageUrlTaken' });
      else toast.error(t('content.saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  const field = (spec: ContentFieldSpec, index: number) => {
    const key = spec.translated && language !== own ? `${language}:${spec.name}` : spec.name;
    const message = errors[key];
    const error = message ? { type: 'validate', message } : undefined;
    const label = t(`content.fields.${spec.name}` as 'content.fields.name');
    const hint =
      spec.translated && language !== own
        ? t('content.translationHint', { language: languageName(own, i18n.language) })
        : spec.kind === 'html'
          ? t('content.htmlHint')
          : spec.name === 'url' && kind === 'pages'
            ? t('content.pageUrlHint')
            : spec.name === 'url' || spec.name === 'image'
              ? t('content.linkHint')
              : undefined;
    const set = (value: string) => setValues((v) => ({ ...v, [key]: value }));
    const value = values[key] ?? '';
    // In another language, the channel's own text shows where the translation is empty: what fans would read.
    const placeholder = key === spec.name ? undefined : values[spec.name];
    return (
      <ConsoleField key={key} label={label} hint={hint} error={error}>
        {(ids) =>
          spec.kind === 'html' ? (
            <textarea
              {...inputProps(ids, error)}
              rows={8}
              value={value}
              placeholder={placeholder}
              lang={spec.translated ? language : undefined}
              onChange={(e) => set(e.target.value)}
            />
          ) : spec.kind === 'choice' || spec.kind === 'parent' ? (
            <select {...inputProps(ids, error)} value={value} onChange={(e) => set(e.target.value)}>
              {spec.kind === 'parent' && <option value="">{t('content.topLevel')}</option>}
              {spec.kind === 'parent'
                ? rows
                    .filter((r) => r.id !== row?.id)
                    .map((r) => (
                      <option key={r.id} value={String(r.id)}>
                        {titleOf(kind, r)}
                      </option>
                    ))
                : spec.choices?.map((choice) => (
                    <option key={choice} value={choice}>
                      {t(`content.choices.${choice}` as 'content.choices.url')}
                    </option>
                  ))}
            </select>
          ) : (
            <input
              {...inputProps(ids, error)}
              ref={index === 0 ? first : undefined}
              type={spec.kind === 'number' ? 'number' : 'text'}
              {...(spec.kind === 'number' ? { min: 1, step: 1 } : {})}
              {...(spec.name === 'url' || spec.name === 'image' ? { spellCheck: false, autoCapitalize: 'none' } : {})}
              lang={spec.translated ? language : undefined}
              value={value}
              placeholder={placeholder}
              onChange={(e) => set(e.target.value)}
            />
          )
        }
      </ConsoleField>
    );
  };

  return (
    <form className={formStyles.form} noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
      {translated && (
        <fieldset className={styles.languageSwitch}>
          <legend>{t('content.language')}</legend>
          <div className={styles.rowActions}>
            {languages.map((l) => (
              <button
                key={l}
                type="button"
                className={l === language ? 'button button-solid' : 'button button-outline'}
                aria-pressed={l === language}
                lang={l}
                onClick={() => setLanguage(l)}
              >
                {languageName(l, l)}
                {l === own ? ` (${t('content.ownLanguage')})` : ''}
              </button>
            ))}
          </div>
        </fieldset>
      )}
      <div className={formStyles.row}>
        {fields.map((spec, index) => (spec.kind === 'html' ? null : field(spec, index)))}
      </div>
      {fields.map((spec, index) => (spec.kind === 'html' ? field(spec, index) : null))}
      <div className={styles.actions}>
        <button type="submit" className="button button-solid" aria-disabled={busy || undefined}>
          {busy ? t('content.saving') : row ? t('content.save') : t(`content.add.${kind}`)}
        </button>
        <button type="button" className="button button-outline" onClick={onDone}>
          {t('content.cancel')}
        </button>
      </div>
    </form>
  );
}
