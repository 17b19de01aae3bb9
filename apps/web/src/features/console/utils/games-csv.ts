import { GAMES_CSV_COLUMNS, type GamesImportResult } from '@sideline/contract/console';

export type CsvColumn = (typeof GAMES_CSV_COLUMNS)[number];
export type ImportRow = GamesImportResult['rows'][number];

/** A sample line under the header, for the import's help. */
export const SAMPLE_CSV = `${GAMES_CSV_COLUMNS.join(',')}\n2027-03-14,19:30,north-high,south-high,basketball,Main Gym,ppv,12.99,`;

/** The records of a CSV text (quoted fields, doubled quotes, CRLF), blank lines left out and cells trimmed. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  const endRecord = () => {
    record.push(cell.trim());
    if (record.some((c) => c !== '')) records.push(record);
    record = [];
    cell = '';
  };
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(cell.trim());
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && source[i + 1] === '\n') i++;
      endRecord();
    } else cell += ch;
  }
  if (cell !== '' || record.length) endRecord();
  return records;
}

/**
 * The file's rows by the API's line numbers (the header is line 1, blank lines skipped, as the server counts them),
 * each cell by column name, for showing the preview's errors on the cells they are about.
 */
export function cellsByLine(text: string): Map<number, Partial<Record<CsvColumn, string>>> {
  const [header, ...body] = parseCsv(text);
  const columns = (header ?? []).map((c) => c.toLowerCase());
  const out = new Map<number, Partial<Record<CsvColumn, string>>>();
  body.forEach((cells, index) => {
    const row: Partial<Record<CsvColumn, string>> = {};
    for (const [j, column] of columns.entries()) {
      if ((GAMES_CSV_COLUMNS as readonly string[]).includes(column)) row[column as CsvColumn] = cells[j] ?? '';
    }
    out.set(index + 2, row);
  });
  return out;
}

/** A row's errors by column (`date` and `time` both carry a start error); an error of no column goes to `name`. */
export function errorsByColumn(row: ImportRow): Partial<Record<CsvColumn, string[]>> {
  const out: Partial<Record<CsvColumn, string[]>> = {};
  for (const { field, message } of row.errors) {
    const column = (GAMES_CSV_COLUMNS as readonly string[]).includes(field) ? (field as CsvColumn) : 'name';
    const add = (name: CsvColumn) => {
      out[name] = [...(out[name] ?? []), message];
    };
    add(column);
    if (column === 'date') add('time');
  }
  return out;
}

/** A real run's 400 details (`rows.3.home`) as preview rows, to flag them like a dry run's. */
export function rowsFromDetails(details: readonly { path: string; message: string }[]): ImportRow[] {
  const byLine = new Map<number, ImportRow>();
  for (const { path, message } of details) {
    const m = /^(?:body\.)?rows\.(\d+)\.(.+)$/.exec(path);
    if (!m) continue;
    const line = Number(m[1]);
    const row = byLine.get(line) ?? { line, ok: false, errors: [], game: null };
    row.errors.push({ field: m[2] as string, message });
    byLine.set(line, row);
  }
  return [...byLine.values()].sort((a, b) => a.line - b.line);
}
