import {
  type CatalogueKind,
  newSchoolSchema,
  newSportSchema,
  newTeamSchema,
  newVenueSchema,
} from '@sideline/contract/console-catalogue';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { messageOf as brandingMessageOf } from './branding-validation';

/** A catalogue form's values: every field as its input holds it (text; ids and numbers too). */
export type CatalogueFormValues = Record<string, string>;

/** How a field is entered: text, a number, a colour, or a choice among the channel's schools, sports or genders. */
export type FieldKind = 'text' | 'number' | 'color' | 'school' | 'sport' | 'gender';
/** One field of a kind's form: its API name, how it is entered, and whether it may stay empty (sent as null). */
export type FieldSpec = { name: string; kind: FieldKind; optional?: boolean };

/** Each kind's fields, in the form's order; the API's names. */
export const CATALOGUE_FIELDS: Record<CatalogueKind, readonly FieldSpec[]> = {
  sports: [
    { name: 'name', kind: 'text' },
    { name: 'alias', kind: 'text' },
    { name: 'position', kind: 'number' },
    { name: 'image', kind: 'text', optional: true },
  ],
  schools: [
    { name: 'name', kind: 'text' },
    { name: 'short_name', kind: 'text' },
    { name: 'alias', kind: 'text' },
    { name: 'color', kind: 'color' },
    { name: 'image', kind: 'text', optional: true },
  ],
  teams: [
    { name: 'name', kind: 'text' },
    { name: 'short_name', kind: 'text' },
    { name: 'alias', kind: 'text' },
    { name: 'school_id', kind: 'school' },
    { name: 'sport_id', kind: 'sport' },
    { name: 'color', kind: 'color' },
    { name: 'gender', kind: 'gender', optional: true },
    { name: 'logo', kind: 'text', optional: true },
  ],
  venues: [
    { name: 'name', kind: 'text' },
    { name: 'address', kind: 'text', optional: true },
    { name: 'city', kind: 'text', optional: true },
    { name: 'state', kind: 'text', optional: true },
    { name: 'country', kind: 'text' },
    { name: 'time_zone', kind: 'text' },
  ],
};

const NEW_SCHEMAS = {
  sports: newSportSchema,
  schools: newSchoolSchema,
  teams: newTeamSchema,
  venues: newVenueSchema,
} as const;

/** A new row's starting values: black for a colour, the first place for a sport, the US for a venue. */
export function emptyValues(kind: CatalogueKind, timeZone?: string): CatalogueFormValues {
  const values: CatalogueFormValues = {};
  for (const field of CATALOGUE_FIELDS[kind]) values[field.name] = field.kind === 'color' ? '#000000' : '';
  if (kind === 'sports') values.position = '0';
  if (kind === 'venues') {
    values.country = 'US';
    values.time_zone = timeZone ?? '';
  }
  return values;
}

/** A saved row as the form's values (none as an empty field). */
export function toCatalogueFormValues(kind: CatalogueKind, row: Record<string, unknown>): CatalogueFormValues {
  const values: CatalogueFormValues = {};
  for (const field of CATALOGUE_FIELDS[kind]) {
    const value = row[field.name];
    values[field.name] = value == null ? '' : String(value);
  }
  return values;
}

/**
 * The body the form's values make: text trimmed, ids and numbers as numbers (NaN when not one, for the schema to
 * refuse), an empty optional field as null.
 */
export function toCatalogueBody(kind: CatalogueKind, values: CatalogueFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of CATALOGUE_FIELDS[kind]) {
    const text = (values[field.name] ?? '').trim();
    if (field.optional && text === '') body[field.name] = null;
    else if (field.kind === 'number' || field.kind === 'school' || field.kind === 'sport')
      body[field.name] = text === '' ? Number.NaN : Number(text);
    else body[field.name] = text;
  }
  return body;
}

/** The `PATCH` body: only the fields whose value differs from the saved row. */
export function changedCatalogueFields(
  kind: CatalogueKind,
  row: Record<string, unknown>,
  values: CatalogueFormValues,
): Record<string, unknown> {
  const next = toCatalogueBody(kind, values);
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    const before = row[key] ?? null;
    const same = typeof value === 'string' && typeof before === 'string' ? value === before : value === before;
    if (!same) body[key] = value;
  }
  return body;
}

/** What to tell the operator about a catalogue field, as a `consoleValidation.<name>` text (see `messageText`). */
export function catalogueMessageOf(field: string, issue: { code?: string; maximum?: unknown } = {}): string {
  if (field === 'alias' && issue.code !== 'too_small') return 'alias';
  if (field === 'country') return 'country';
  if (field === 'time_zone') return 'timeZone';
  if (field === 'color') return 'color';
  if (field === 'image' || field === 'logo') return issue.code === 'too_big' ? `tooLong:${issue.maximum}` : 'url';
  if (field === 'school_id' || field === 'sport_id') return 'required';
  return brandingMessageOf(field, issue);
}

function nest(errors: readonly { field: string; message: string }[]): FieldErrors<CatalogueFormValues> {
  const out: Record<string, { type: string; message: string }> = {};
  for (const { field, message } of errors) out[field] ??= { type: 'validate', message };
  return out as FieldErrors<CatalogueFormValues>;
}

/** Checks a kind's form with the contract's schema for a new row, on the body the form would send. */
export const catalogueResolver =
  (kind: CatalogueKind): Resolver<CatalogueFormValues> =>
  async (values) => {
    const result = NEW_SCHEMAS[kind].safeParse(toCatalogueBody(kind, values));
    if (result.success) return { values, errors: {} };
    const errors = result.error.issues.map((issue) => {
      const field = String(issue.path[0] ?? 'root');
      return { field, message: catalogueMessageOf(field, issue as { code?: string; maximum?: unknown }) };
    });
    return { values: {}, errors: nest(errors) };
  };

/** A 400 `validation_failed`'s details (`body.alias: …`) as the form's field errors. */
export function serverCatalogueErrors(details: readonly { path: string; message: string }[]) {
  return details.map(({ path }) => {
    const field = path.replace(/^body\./, '').split('.')[0] ?? 'root';
    return { field, message: catalogueMessageOf(field) };
  });
}

/**
 * What a 409 `catalogue_item_in_use` names, from its details (`teams.<id>` and `games.<id>`, each with the name as
 * its message): the names of the teams and the games that use the row, each once, in the answer's order.
 */
export function usedByOf(details: readonly { path: string; message: string }[] | undefined): {
  teams: string[];
  games: string[];
} {
  // A school's teams of several sports often share a name ("North Owls" in football and in soccer): named once.
  const teams = new Set<string>();
  const games = new Set<string>();
  for (const { path, message } of details ?? []) {
    if (path.startsWith('teams.')) teams.add(message);
    else if (path.startsWith('games.')) games.add(message);
  }
  return { teams: [...teams], games: [...games] };
}

/** Names as one phrase of the language: "North, South and East" (a plain list where Intl has no list format). */
export function listNames(names: readonly string[], language: string): string {
  try {
    return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(names);
  } catch {
    return names.join(', ');
  }
}
