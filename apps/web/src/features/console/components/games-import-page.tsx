import { GAMES_CSV_COLUMNS, type GamesImportResult } from '@sideline/contract/console';
import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useScheduleWrites } from '../api/schedule';
import { schedulePaths } from '../sections';
import { cellsByLine, rowsFromDetails, SAMPLE_CSV } from '../utils/games-csv';
import styles from './console.module.css';
import formStyles from './fields.module.css';
import { GamesImportPreview } from './games-import-preview';

type Preview = { csv: string; result: GamesImportResult };

/**
 * A schedule from a CSV file: Preview checks every row (a dry run) and shows each one with its errors on their
 * columns; Import, enabled once the previewed text has no bad row, writes them all (or none).
 */
export function GamesImportPage() {
  const { t } = useTranslation('console');
  const writes = useScheduleWrites();
  const ids = useId();
  const [csv, setCsv] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<number | null>(null);
  const [busy, setBusy] = useState<'preview' | 'import' | null>(null);
  const current = preview && preview.csv === csv ? preview : null;
  const canImport = !!current && current.result.invalid === 0 && current.result.rows.length > 0 && busy === null;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setCsv(await file.text());
    setPreview(null);
    setCreated(null);
  };

  const fail = (error: unknown, text: string) => {
    if (error instanceof ApiError && error.code === 'validation_failed') {
      const rows = rowsFromDetails(error.details ?? []);
      if (rows.length) {
        setPreview({ csv, result: { rows, valid: 0, invalid: rows.length, created: 0 } });
        setProblem(t('gamesImport.refusedWhole'));
        return;
      }
      setProblem(error.details?.[0]?.message ?? error.message);
      return;
    }
    toast.error(text);
  };

  const run = async (dryRun: boolean) => {
    if (busy) return;
    if (!csv.trim()) {
      setProblem(t('gamesImport.empty'));
      return;
    }
    setBusy(dryRun ? 'preview' : 'import');
    setProblem(null);
    setCreated(null);
    try {
      const result = await writes.importCsv(csv, dryRun);
      if (dryRun) setPreview({ csv, result });
      else {
        setCreated(result.created);
        setPreview(null);
      }
    } catch (error) {
      fail(error, t('gamesImport.failed'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="console-import">
      <p>
        <Link to={schedulePaths.list}>{t('schedule.back')}</Link>
      </p>
      <h2 id="console-import">{t('gamesImport.title')}</h2>
      <p>{t('gamesImport.intro')}</p>
      <dl className={styles.facts}>
        {GAMES_CSV_COLUMNS.map((column) => (
          <div key={column} className={styles.factRow}>
            <dt>
              <code>{column}</code>
            </dt>
            <dd>{t(`gamesImport.columns.${column}`)}</dd>
          </div>
        ))}
      </dl>
      <p>{t('gamesImport.sample')}</p>
      <pre className={styles.csv}>{SAMPLE_CSV}</pre>
      <form
        className={formStyles.form}
        onSubmit={(event) => {
          event.preventDefault();
          void run(true);
        }}
      >
        <div className={formStyles.field}>
          <label htmlFor={`${ids}-file`} className={formStyles.label}>
            {t('gamesImport.file')}
          </label>
          <input
            id={`${ids}-file`}
            className={formStyles.input}
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => void onFile(event)}
          />
        </div>
        <div className={formStyles.field}>
          <label htmlFor={`${ids}-text`} className={formStyles.label}>
            {t('gamesImport.text')}
          </label>
          <textarea
            id={`${ids}-text`}
            className={`${formStyles.input} ${styles.csv}`}
            rows={8}
            spellCheck={false}
            aria-describedby={`${ids}-hint`}
            value={csv}
            onChange={(event) => setCsv(event.target.value)}
          />
          <p id={`${ids}-hint`} className={formStyles.hint}>
            {t('gamesImport.textHint')}
          </p>
        </div>
        <div className={styles.actions}>
          <button type="submit" className="button button-outline" aria-disabled={busy !== null || undefined}>
            {busy === 'preview' ? t('gamesImport.previewing') : t('gamesImport.preview')}
          </button>
          <button type="button" className="button button-solid" disabled={!canImport} onClick={() => void run(false)}>
            {busy === 'import' ? t('gamesImport.importing') : t('gamesImport.import')}
          </button>
        </div>
      </form>
      <div aria-live="polite">
        {problem && (
          <p className={styles.refused} role="alert">
            {problem}
          </p>
        )}
        {created !== null && (
          <p className={styles.notice} role="status">
            {t('gamesImport.created', { count: created })}
          </p>
        )}
        {current && (
          <p>
            {t('gamesImport.summary', { valid: current.result.valid, invalid: current.result.invalid })}
            {current.result.invalid > 0 && ` ${t('gamesImport.importBlocked')}`}
          </p>
        )}
      </div>
      {preview && <GamesImportPreview rows={preview.result.rows} cells={cellsByLine(preview.csv)} />}
    </section>
  );
}
