import {
  type ConsoleGame,
  type GameUpdate,
  gameUpdateSchema,
  type NewGame,
  newGameSchema,
} from '@sideline/contract/console';
import type { FieldErrors, Resolver } from 'react-hook-form';

export const ACCESS_TYPES = ['free', 'register', 'paid', 'ppv'] as const;
export type AccessType = (typeof ACCESS_TYPES)[number];

/** The game form's values: ids and numbers as the inputs hold them (strings), the price in major units. */
export type GameFormValues = {
  name: string;
  sport_id: string;
  home_team_id: string;
  away_team_id: string;
  venue_id: string;
  starts_at_local: string;
  duration_minutes: string;
  access_type: AccessType;
  price: string;
};

export const EMPTY_GAME: GameFormValues = {
  name: '',
  sport_id: '',
  home_team_id: '',
  away_team_id: '',
  venue_id: '',
  starts_at_local: '',
  duration_minutes: '120',
  access_type: 'free',
  price: '',
};

/** Minor units as the major-unit text an input shows: 1299 → "12.99", 1500 → "15.00". */
export function centsToMajor(cents: number): string {
  return (cents / 100).toFixed(2);
}

/**
 * A major-unit price an operator typed ("12.99", "12,5", " 15 ") in minor units, or NaN when it is not a price with
 * at most two decimals. Computed on the digits, so 0.29 is 29 and not 28.999….
 */
export function majorToCents(text: string): number {
  const m = /^(\d{1,9})(?:[.,](\d{0,2}))?$/.exec(text.trim());
  if (!m) return Number.NaN;
  const whole = Number(m[1]);
  const fraction = Number((m[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}

/** A price in the channel's currency, for the table: "$12.99", "12,99 €". */
export function formatPrice(cents: number, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${centsToMajor(cents)} ${currency}`;
  }
}

const id = (text: string) => (text === '' ? Number.NaN : Number(text));

/** A saved game as the form's values. */
export function toGameFormValues(game: ConsoleGame): GameFormValues {
  return {
    name: game.name,
    sport_id: game.sport_id == null ? '' : String(game.sport_id),
    home_team_id: game.home_team_id == null ? '' : String(game.home_team_id),
    away_team_id: game.away_team_id == null ? '' : String(game.away_team_id),
    venue_id: game.venue_id == null ? '' : String(game.venue_id),
    starts_at_local: game.starts_at_local,
    duration_minutes: String(durationOf(game)),
    access_type: game.access_type,
    price: game.access_type === 'ppv' ? centsToMajor(game.price_cents) : '',
  };
}

/** A game's length in minutes, from its start and end (120 when it has no end). */
export function durationOf(game: Pick<ConsoleGame, 'starts_at' | 'ends_at'>): number {
  if (!game.ends_at) return 120;
  return Math.round((Date.parse(game.ends_at) - Date.parse(game.starts_at)) / 60_000) || 120;
}

/**
 * The `POST /console/events` body: ids and the duration as numbers, no venue or name when none is given (the
 * server names the game "Away @ Home"), the price in cents for a pay-per-view game only (0 otherwise).
 */
export function toNewGame(values: GameFormValues): NewGame {
  const name = values.name.trim();
  return {
    sport_id: id(values.sport_id),
    home_team_id: id(values.home_team_id),
    away_team_id: id(values.away_team_id),
    ...(values.venue_id ? { venue_id: Number(values.venue_id) } : {}),
    starts_at_local: values.starts_at_local,
    duration_minutes: Number(values.duration_minutes),
    access_type: values.access_type,
    price_cents: values.access_type === 'ppv' ? majorToCents(values.price) : 0,
    ...(name ? { name } : {}),
  };
}

/** The `PATCH /console/events/:id` body: only the fields that differ from the saved game. */
export function toGameUpdate(game: ConsoleGame, values: GameFormValues): GameUpdate {
  const next = toNewGame(values);
  const before = toNewGame(toGameFormValues(game));
  const body: Record<string, unknown> = {};
  for (const key of [
    'sport_id',
    'home_team_id',
    'away_team_id',
    'starts_at_local',
    'duration_minutes',
    'access_type',
    'price_cents',
  ] as const) {
    if (next[key] !== before[key]) body[key] = next[key];
  }
  // The price follows the access: a game made pay-per-view, or no longer, says its new price.
  if ('access_type' in body) body.price_cents = next.price_cents;
  const venue = next.venue_id ?? null;
  if (venue !== (game.venue_id ?? null)) body.venue_id = venue;
  if (next.name && next.name !== game.name) body.name = next.name;
  return body as GameUpdate;
}

/** The form field a place in the body belongs to (`price_cents` is the price the operator types). */
export function gameFieldOf(path: readonly PropertyKey[]): keyof GameFormValues | 'root' {
  const first = String(path[0] ?? '');
  if (first === 'price_cents') return 'price';
  const fields: (keyof GameFormValues)[] = [
    'name',
    'sport_id',
    'home_team_id',
    'away_team_id',
    'venue_id',
    'starts_at_local',
    'duration_minutes',
    'access_type',
  ];
  return fields.includes(first as keyof GameFormValues) ? (first as keyof GameFormValues) : 'root';
}

/** A game field's error as a `schedule.errors.<name>` text name. */
export type GameErrorName = 'required' | 'teams' | 'price' | 'start' | 'duration' | 'invalid';

/** What to tell the operator about a field. */
export function gameMessageOf(field: string, code?: string): GameErrorName {
  if (field === 'price') return 'price';
  if (field === 'starts_at_local') return 'start';
  if (field === 'duration_minutes') return 'duration';
  if (field === 'away_team_id' && code === 'custom') return 'teams';
  if (['sport_id', 'home_team_id', 'away_team_id'].includes(field)) return 'required';
  return 'invalid';
}

function nest(errors: { field: string; message: string }[]): FieldErrors<GameFormValues> {
  const out: Record<string, { type: string; message: string }> = {};
  for (const { field, message } of errors) out[field] ??= { type: 'validate', message };
  return out as FieldErrors<GameFormValues>;
}

/** Checks the form with the contract's schema for a new game, on the body the form would send. */
export const gameResolver: Resolver<GameFormValues> = async (values) => {
  const result = newGameSchema.safeParse(toNewGame(values));
  if (result.success) return { values, errors: {} };
  const errors = result.error.issues.map((issue) => {
    const field = gameFieldOf(issue.path);
    return { field, message: gameMessageOf(field, issue.code) };
  });
  return { values: {}, errors: nest(errors) };
};

/** The update schema, for an edit's body (a check that it is one the API takes). */
export const isValidUpdate = (body: GameUpdate) => gameUpdateSchema.safeParse(body).success;

/** A 400 `validation_failed`'s details (`body.price_cents: …`) as the form's field errors. */
export function serverGameErrors(details: readonly { path: string; message: string }[]) {
  return details.map(({ path }) => {
    const field = gameFieldOf(path.replace(/^body\./, '').split('.'));
    return { field, message: gameMessageOf(field, field === 'away_team_id' ? 'custom' : undefined) };
  });
}
