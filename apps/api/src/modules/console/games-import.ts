import {
  GAMES_CSV_COLUMNS,
  GAMES_IMPORT_MAX_ROWS,
  type GamesImportResult,
  newGameSchema,
} from '@sideline/contract/console';
import { parse } from 'csv-parse/sync';
import type { ErrorDetail } from '../../lib/app-error';
import type { Channel } from '../channel';
import type { Actor } from './audit.repository';
import type { CatalogueRepository } from './catalogue.repository';
import { consoleErrors } from './console.errors';
import type { GamesService } from './games.service';

type Row = GamesImportResult['rows'][number];
type Parsed = { line: number; cells: Record<string, string> };

const badFile = consoleErrors.badImportFile;

/** The file's rows by column name, with each row's line (the header is line 1). */
function rowsOf(csv: string): Parsed[] {
  let records: string[][];
  try {
    records = parse(csv, { bom: true, skip_empty_lines: true, trim: true, relax_column_count: true });
  } catch (err) {
    throw badFile(`is not a CSV file: ${(err as Error).message.split('\n')[0]}`);
  }
  const [header, ...body] = records;
  const columns = (header ?? []).map((c) => c.toLowerCase());
  const missing = GAMES_CSV_COLUMNS.filter((c) => !['venue', 'price', 'name'].includes(c) && !columns.includes(c));
  if (missing.length) throw badFile(`has no column ${missing.join(', ')} in its first row`);
  if (body.length === 0) throw badFile('has no game under its header');
  if (body.length > GAMES_IMPORT_MAX_ROWS) throw badFile(`has more than ${GAMES_IMPORT_MAX_ROWS} games`);
  return body.map((cells, i) => ({
    line: i + 2,
    cells: Object.fromEntries(columns.map((c, j) => [c, cells[j] ?? ''])),
  }));
}

/**
 * A schedule imported from CSV: every row checked first (its fields, and its names against the channel's catalogue),
 * then, on a real run with no bad row, every game written; a bad row writes nothing and the answer names each bad
 * row and field. A dry run answers the same preview and writes nothing.
 */
export function createGamesImport(deps: { catalogue: CatalogueRepository; games: GamesService }) {
  return async function importGames(
    channel: Channel,
    actor: Actor,
    csv: string,
    dryRun: boolean,
  ): Promise<GamesImportResult> {
    const parsed = rowsOf(csv);
    const [sports, teams, venues] = await Promise.all([
      deps.catalogue.list('sports', channel.id),
      deps.catalogue.list('teams', channel.id),
      deps.catalogue.list('venues', channel.id),
    ]);
    const byAlias = (list: Record<string, unknown>[], alias: string) =>
      list.find((r) => String(r.alias).toLowerCase() === alias.toLowerCase());
    const inputs: { row: Row; input?: ReturnType<typeof newGameSchema.parse> }[] = parsed.map(({ line, cells }) => {
      const errors: Row['errors'] = [];
      const sport = byAlias(sports, cells.sport ?? '');
      const home = byAlias(teams, cells.home ?? '');
      const away = byAlias(teams, cells.away ?? '');
      const venue = cells.venue
        ? venues.find((v) => String(v.name).toLowerCase() === cells.venue?.toLowerCase())
        : null;
      if (!sport) errors.push({ field: 'sport', message: `no sport "${cells.sport}" in the catalogue` });
      if (!home) errors.push({ field: 'home', message: `no team "${cells.home}" in the catalogue` });
      if (!away) errors.push({ field: 'away', message: `no team "${cells.away}" in the catalogue` });
      if (venue === undefined) errors.push({ field: 'venue', message: `no venue "${cells.venue}" in the catalogue` });
      const price = cells.price ? Number(cells.price) : 0;
      if (!Number.isFinite(price) || price < 0) errors.push({ field: 'price', message: 'a price like 12.99' });
      const candidate = {
        ...(cells.name ? { name: cells.name } : {}),
        sport_id: sport?.id ?? 1,
        home_team_id: home?.id ?? 1,
        away_team_id: away?.id ?? 2,
        venue_id: venue?.id ?? null,
        starts_at_local: `${cells.date}T${cells.time}`,
        access_type: (cells.access || 'free').toLowerCase(),
        price_cents: Number.isFinite(price) ? Math.round(price * 100) : 0,
      };
      const checked = newGameSchema.safeParse(candidate);
      if (!checked.success) {
        for (const issue of checked.error.issues) {
          const field = String(issue.path[0] ?? 'row');
          const column: Record<string, string> = {
            starts_at_local: 'date',
            access_type: 'access',
            price_cents: 'price',
            away_team_id: 'away',
            home_team_id: 'home',
          };
          errors.push({ field: column[field] ?? field, message: issue.message });
        }
      }
      const game = {
        name: cells.name || `${String(away?.shortName ?? cells.away)} @ ${String(home?.shortName ?? cells.home)}`,
        starts_at_local: candidate.starts_at_local,
        home: cells.home ?? '',
        away: cells.away ?? '',
        sport: cells.sport ?? '',
        venue: cells.venue || null,
        access_type: candidate.access_type,
        price_cents: candidate.price_cents,
      };
      const row: Row = { line, ok: errors.length === 0, errors, game };
      return row.ok && checked.success ? { row, input: checked.data } : { row };
    });
    const rows = inputs.map((i) => i.row);
    const invalid = rows.filter((r) => !r.ok).length;
    const result = { rows, valid: rows.length - invalid, invalid, created: 0 };
    if (dryRun) return result;
    if (invalid) {
      const details = rows.flatMap((r) =>
        r.errors.map((e): ErrorDetail => ({ path: `rows.${r.line}.${e.field}`, message: e.message })),
      ) as [ErrorDetail, ...ErrorDetail[]];
      throw consoleErrors.badImportRows(details);
    }
    const created = await deps.games.createMany(
      channel,
      actor,
      inputs.flatMap((i) => (i.input ? [i.input] : [])),
    );
    return { ...result, created };
  };
}
export type GamesImport = ReturnType<typeof createGamesImport>;
