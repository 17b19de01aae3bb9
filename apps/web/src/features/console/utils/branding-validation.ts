import { brandingUpdateSchema } from '@sideline/contract/console';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { type BrandingFormValues, toUpdate } from './branding-values';

/** A form field's error as a `consoleValidation.<name>` text, with a length limit after a colon (`tooLong:120`). */
export type ValidationName =
  | 'required'
  | 'tooLong'
  | 'color'
  | 'currency'
  | 'timeZone'
  | 'url'
  | 'countryCodes'
  | 'alias'
  | 'aliasTaken'
  | 'country'
  | 'email'
  | 'host'
  | 'link'
  | 'pageUrlTaken'
  | 'invalid';

/** The form field a place in the PATCH body belongs to: `geo.allow.3` is the allow list's text field. */
export function fieldOf(path: readonly PropertyKey[]): string {
  const [first, second] = path.map(String);
  if (first === 'colors' && second) return `colors.${second}`;
  if (first === 'geo') return second === 'allow' ? 'geo_allow' : 'geo_block';
  return first ?? 'root';
}

/** What to tell the operator about a field, from the check that failed (server details have no code). */
export function messageOf(field: string, issue: { code?: string; maximum?: unknown } = {}): string {
  if (issue.code === 'too_big' && typeof issue.maximum === 'number' && !field.startsWith('geo_'))
    return `tooLong:${issue.maximum}`;
  if (issue.code === 'too_small') return 'required';
  const byField: Record<string, ValidationName> = {
    currency: 'currency',
    time_zone: 'timeZone',
    sentry_dsn: 'url',
    geo_allow: 'countryCodes',
    geo_block: 'countryCodes',
  };
  if (field.startsWith('colors.')) return 'color';
  return byField[field] ?? 'invalid';
}

/** A stored message as a text key and its values, for `t`. */
export function messageText(message: string): {
  key: `consoleValidation.${ValidationName}`;
  values: { number?: number };
} {
  const [name, number] = message.split(':');
  const known: ValidationName[] = [
    'required',
    'tooLong',
    'color',
    'currency',
    'timeZone',
    'url',
    'countryCodes',
    'alias',
    'aliasTaken',
    'country',
    'email',
    'host',
    'link',
    'pageUrlTaken',
  ];
  const key = known.includes(name as ValidationName) ? (name as ValidationName) : 'invalid';
  return { key: `consoleValidation.${key}`, values: number ? { number: Number(number) } : {} };
}

type FieldError = { field: string; message: string };

/** Errors by field, nested the way react-hook-form reads them (`colors.primary-color`); the first per field wins. */
export function nestErrors(errors: readonly FieldError[]): FieldErrors<BrandingFormValues> {
  const nested: Record<string, unknown> = {};
  for (const { field, message } of errors) {
    const parts = field.split('.');
    let node = nested;
    for (const part of parts.slice(0, -1)) {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    const last = parts.at(-1) as string;
    node[last] ??= { type: 'validate', message };
  }
  return nested as FieldErrors<BrandingFormValues>;
}

/**
 * Checks the form with the contract's own PATCH schema, on what the form would send (every field), so the form
 * refuses exactly what the API would.
 */
export const brandingResolver: Resolver<BrandingFormValues> = async (values) => {
  const result = brandingUpdateSchema.safeParse(toUpdate(values));
  if (result.success) return { values, errors: {} };
  const errors = result.error.issues.map((issue) => {
    const field = fieldOf(issue.path);
    return { field, message: messageOf(field, issue as { code?: string; maximum?: unknown }) };
  });
  return { values: {}, errors: nestErrors(errors) };
};

/** A 400 `validation_failed`'s details (`body.colors.live-color: …`) as the form's field errors. */
export function serverFieldErrors(details: readonly { path: string; message: string }[]): FieldError[] {
  return details.map(({ path }) => {
    const field = fieldOf(path.replace(/^body\./, '').split('.'));
    return { field, message: messageOf(field) };
  });
}
