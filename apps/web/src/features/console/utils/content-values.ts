import { MENU_TARGETS, SLIDABLE_TYPES } from '@sideline/contract/channel';
import {
  type ContentKind,
  newFaqSchema,
  newMenuItemSchema,
  newPageSchema,
  newSlideSchema,
} from '@sideline/contract/console-content';
import { LANGUAGES, type Language } from '@sideline/contract/constants';

/**
 * A content form's values: every field as its input holds it (text; numbers too). A field's text in another language
 * than the channel's is under `<language>:<field>` (`fr:name`).
 */
export type ContentFormValues = Record<string, string>;

/** How a field is entered: a line of text, HTML in a text area, a number, or a choice. */
export type ContentFieldKind = 'text' | 'html' | 'number' | 'choice' | 'parent';
/**
 * One field of a kind's form: its API name, how it is entered, whether it may stay empty (sent as null), its choices,
 * and whether it has a text per language (pages' and FAQ entries' texts).
 */
export type ContentFieldSpec = {
  name: string;
  kind: ContentFieldKind;
  optional?: boolean;
  choices?: readonly string[];
  translated?: boolean;
};

/** Each kind's fields, in the form's order; the API's names. */
export const CONTENT_FIELDS: Record<ContentKind, readonly ContentFieldSpec[]> = {
  'menu-items': [
    { name: 'name', kind: 'text' },
    { name: 'url', kind: 'text' },
    { name: 'target', kind: 'choice', choices: MENU_TARGETS },
    { name: 'parent_id', kind: 'parent', optional: true },
  ],
  pages: [
    { name: 'name', kind: 'text', translated: true },
    { name: 'url', kind: 'text' },
    { name: 'alt_name', kind: 'text', optional: true },
    { name: 'content', kind: 'html', translated: true },
  ],
  faqs: [
    { name: 'question', kind: 'text', translated: true },
    { name: 'answer', kind: 'html', translated: true },
  ],
  slides: [
    { name: 'title', kind: 'text' },
    { name: 'subtitle', kind: 'text', optional: true },
    { name: 'image', kind: 'text' },
    { name: 'slidable_type', kind: 'choice', choices: SLIDABLE_TYPES },
    { name: 'slidable_id', kind: 'number', optional: true },
    { name: 'url', kind: 'text', optional: true },
    { name: 'type', kind: 'text' },
  ],
};

const NEW_SCHEMAS = {
  'menu-items': newMenuItemSchema,
  pages: newPageSchema,
  faqs: newFaqSchema,
  slides: newSlideSchema,
} as const;

/** The field a row names in its table and its messages. */
export const TITLE_FIELD: Record<ContentKind, string> = {
  'menu-items': 'name',
  pages: 'name',
  faqs: 'question',
  slides: 'title',
};

/** The languages a translated field is written in: the channel's own first (its text of record), then the others. */
export function contentLanguages(channelLanguage: string | undefined): Language[] {
  const own = LANGUAGES.find((l) => l === channelLanguage) ?? LANGUAGES[0];
  return [own, ...LANGUAGES.filter((l) => l !== own)];
}

/** A new row's starting values, placed after the rows there are (`position`). */
export function emptyContentValues(kind: ContentKind, position = 0): ContentFormValues {
  const values: ContentFormValues = { position: String(position) };
  for (const field of CONTENT_FIELDS[kind]) values[field.name] = field.choices?.[0] ?? '';
  if (kind === 'slides') values.type = 'home';
  if (kind === 'slides') values.slidable_type = 'url';
  return values;
}

/** A saved row as the form's values (none as an empty field), its translations as `<language>:<field>`. */
export function toContentFormValues(kind: ContentKind, row: Record<string, unknown>): ContentFormValues {
  const values: ContentFormValues = { position: String(row.position ?? 0) };
  for (const field of CONTENT_FIELDS[kind]) {
    const value = row[field.name];
    values[field.name] = value == null ? '' : String(value);
  }
  const translations = (row.translations ?? {}) as Record<string, Record<string, string | undefined>>;
  for (const [language, texts] of Object.entries(translations)) {
    for (const [field, text] of Object.entries(texts ?? {})) if (text) values[`${language}:${field}`] = text;
  }
  return values;
}

/**
 * The body the form's values make: text trimmed (HTML as written), numbers as numbers (NaN when not one, for the
 * schema to refuse), an empty optional field as null; translations of the languages with some text, empty ones left
 * out (the fan reads the channel's text there).
 */
export function toContentBody(kind: ContentKind, values: ContentFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const fields = CONTENT_FIELDS[kind];
  for (const field of fields) {
    const raw = values[field.name] ?? '';
    const text = field.kind === 'html' ? raw : raw.trim();
    if (field.optional && text.trim() === '') body[field.name] = null;
    else if (field.kind === 'number' || field.kind === 'parent')
      body[field.name] = text === '' ? Number.NaN : Number(text);
    else body[field.name] = text;
  }
  body.position = Number(values.position ?? 0);
  const translated = fields.filter((f) => f.translated);
  if (translated.length) {
    const translations: Record<string, Record<string, string>> = {};
    for (const language of LANGUAGES) {
      for (const field of translated) {
        const text = values[`${language}:${field.name}`] ?? '';
        if (!text.trim()) continue;
        const texts = translations[language] ?? {};
        texts[field.name] = field.kind === 'html' ? text : text.trim();
        translations[language] = texts;
      }
    }
    body.translations = translations;
  }
  return body;
}

/** The `PATCH` body: only the fields whose value differs from the saved row (translations as one whole). */
export function changedContentFields(
  kind: ContentKind,
  row: Record<string, unknown>,
  values: ContentFormValues,
): Record<string, unknown> {
  const next = toContentBody(kind, values);
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    const before = row[key] ?? (key === 'translations' ? {} : null);
    if (JSON.stringify(value) !== JSON.stringify(before)) body[key] = value;
  }
  return body;
}

/** What to tell the operator about a field, as a `consoleValidation.<name>` text. */
export function contentMessageOf(
  kind: ContentKind,
  field: string,
  issue: { code?: string; maximum?: unknown } = {},
): string {
  const base = field.includes(':') ? field.split(':')[1] : field;
  if (kind === 'pages' && base === 'url' && issue.code !== 'too_small') return 'alias';
  if (issue.code === 'too_big' && typeof issue.maximum === 'number') return `tooLong:${issue.maximum}`;
  if (issue.code === 'too_small') return 'required';
  if (base === 'url' || base === 'image') return 'link';
  return 'invalid';
}

/** The form field a place in the body belongs to: `translations.fr.name` is `fr:name`. */
const formFieldOf = (path: readonly PropertyKey[]) =>
  path[0] === 'translations' && path[1] && path[2]
    ? `${String(path[1])}:${String(path[2])}`
    : String(path[0] ?? 'root');

/** Checks a form with the contract's schema for a new row, on the body it would send: errors by form field. */
export function checkContent(kind: ContentKind, values: ContentFormValues): Record<string, string> {
  const result = NEW_SCHEMAS[kind].safeParse(toContentBody(kind, values));
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = formFieldOf(issue.path);
    errors[field] ??= contentMessageOf(kind, field, issue as { code?: string; maximum?: unknown });
  }
  return errors;
}

/** A 400 `validation_failed`'s details (`body.translations.fr.name: …`) as the form's field errors. */
export function serverContentErrors(
  kind: ContentKind,
  details: readonly { path: string; message: string }[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { path } of details) {
    const field = formFieldOf(path.replace(/^body\./, '').split('.'));
    errors[field] ??= contentMessageOf(kind, field);
  }
  return errors;
}

type Placed = { id: number; position: number };

/**
 * Moves a row one place up (-1) or down (+1) among the rows of its group (a menu item among its siblings), and
 * numbers the group again in steps of 10: the rows whose position changes, with their new one. None when the row is
 * already at that end.
 */
export function moveRow<T extends Placed>(
  rows: readonly T[],
  id: number,
  direction: -1 | 1,
  sameGroup: (a: T, b: T) => boolean = () => true,
): Placed[] {
  const row = rows.find((r) => r.id === id);
  if (!row) return [];
  const group = rows.filter((r) => sameGroup(r, row)).sort((a, b) => a.position - b.position || a.id - b.id);
  const at = group.findIndex((r) => r.id === id);
  const to = at + direction;
  if (to < 0 || to >= group.length) return [];
  const order = [...group];
  [order[at], order[to]] = [order[to] as T, order[at] as T];
  return order
    .map((r, index) => ({ id: r.id, position: index * 10 }))
    .filter((p, index) => order[index]?.position !== p.position);
}

/** The position after every row there is: where a new row goes. */
export const nextPosition = (rows: readonly Placed[]) =>
  Math.min(
    10_000,
    rows.reduce((max, r) => Math.max(max, r.position + 10), 0),
  );

/** A language's name in the console's language (`fr` in English: French); the code where Intl has no names. */
export function languageName(language: string, inLanguage: string): string {
  try {
    return new Intl.DisplayNames([inLanguage], { type: 'language' }).of(language) ?? language;
  } catch {
    return language;
  }
}

type Nested = { id: number; position: number; parent_id: number | null };

/**
 * Menu items in the order fans see them: each top-level item followed by its children (and theirs), each level by
 * position, with its depth; an item whose parent is gone shows at the top level.
 */
export function menuTree<T extends Nested>(rows: readonly T[]): { row: T; depth: number }[] {
  const ids = new Set(rows.map((r) => r.id));
  const byOrder = [...rows].sort((a, b) => a.position - b.position || a.id - b.id);
  const out: { row: T; depth: number }[] = [];
  const seen = new Set<number>();
  const visit = (parent: number | null, depth: number) => {
    for (const row of byOrder) {
      const top = row.parent_id == null || !ids.has(row.parent_id);
      if ((parent === null ? top : row.parent_id === parent) && !seen.has(row.id)) {
        seen.add(row.id);
        out.push({ row, depth });
        visit(row.id, depth + 1);
      }
    }
  };
  visit(null, 0);
  return out;
}
