import type { ReactNode } from 'react';
import styles from './data-table.module.css';

export type Column<T> = { key: string; label: string; cell: (row: T) => ReactNode };

type Props<T> = { columns: readonly Column<T>[]; rows: readonly T[]; rowKey: (row: T) => string | number };

/**
 * A table of records (orders, payments). Where it is narrower than its columns (a phone, long French or
 * Bulgarian headings), each row turns into a card of "label: value" lines instead of pushing the page sideways.
 * The explicit roles keep it a table for screen readers once CSS has changed its display (Chromium and Safari drop
 * the table semantics of a `display: block` table).
 */
export function DataTable<T>({ columns, rows, rowKey }: Props<T>) {
  return (
    <div className={styles.frame}>
      {/* biome-ignore lint/a11y/noRedundantRoles: see above; CSS changes these elements' display at narrow widths */}
      <table className={styles.table} role="table">
        {/* biome-ignore lint/a11y/noRedundantRoles: as above */}
        <thead role="rowgroup">
          {/* biome-ignore lint/a11y/noRedundantRoles: as above */}
          <tr role="row">
            {columns.map((column) => (
              // biome-ignore lint/a11y/noRedundantRoles: as above
              <th key={column.key} scope="col" role="columnheader">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        {/* biome-ignore lint/a11y/noRedundantRoles: as above */}
        <tbody role="rowgroup">
          {rows.map((row) => (
            // biome-ignore lint/a11y/noRedundantRoles: as above
            <tr key={rowKey(row)} role="row">
              {columns.map((column) => (
                // biome-ignore lint/a11y/noRedundantRoles: as above
                <td key={column.key} role="cell" data-label={column.label}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
