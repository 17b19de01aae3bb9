import { GAMES_CSV_COLUMNS } from '@sideline/contract/console';
import { useTranslation } from 'react-i18next';
import { type CsvColumn, errorsByColumn, type ImportRow } from '../utils/games-csv';
import styles from './console.module.css';
import formStyles from './fields.module.css';

/**
 * The dry run's rows, one table row each with the file's cells; a bad row is marked, and each of its errors is shown
 * in the cell of the column it is about.
 */
export function GamesImportPreview({
  rows,
  cells,
}: {
  rows: readonly ImportRow[];
  cells: Map<number, Partial<Record<CsvColumn, string>>>;
}) {
  const { t } = useTranslation('console');
  return (
    <div className={formStyles.tableFrame}>
      <table className={formStyles.table}>
        <caption className="sr-only">{t('gamesImport.preview')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('gamesImport.line')}</th>
            <th scope="col">{t('gamesImport.result')}</th>
            {GAMES_CSV_COLUMNS.map((column) => (
              <th key={column} scope="col">
                <code>{column}</code>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const errors = errorsByColumn(row);
            const values = cells.get(row.line) ?? {};
            return (
              <tr key={row.line} className={row.ok ? undefined : styles.badRow} data-ok={row.ok}>
                <th scope="row">{row.line}</th>
                <td>{row.ok ? t('gamesImport.ok') : <strong>{t('gamesImport.hasErrors')}</strong>}</td>
                {GAMES_CSV_COLUMNS.map((column) => {
                  const messages = errors[column];
                  return (
                    <td key={column} className={messages ? styles.badCell : undefined} data-column={column}>
                      {values[column] ?? ''}
                      {messages?.map((message) => (
                        <span key={message} className={styles.cellError}>
                          {message}
                        </span>
                      ))}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
