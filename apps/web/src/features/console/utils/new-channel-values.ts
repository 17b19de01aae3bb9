import { type NewChannel, newChannelSchema } from '@sideline/contract/console';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { messageOf } from './branding-validation';

/** The new-channel form's values, as its inputs hold them (the owner's fields flat, as the form shows them). */
export type NewChannelFormValues = {
  name: string;
  slug: string;
  host: string;
  language: NewChannel['language'];
  currency: string;
  time_zone: string;
  owner_email: string;
  owner_first_name: string;
  owner_last_name: string;
};

export const EMPTY_NEW_CHANNEL: NewChannelFormValues = {
  name: '',
  slug: '',
  host: '',
  language: 'en',
  currency: 'USD',
  time_zone: 'America/Chicago',
  owner_email: '',
  owner_first_name: '',
  owner_last_name: '',
};

/** The `POST /console/channels` body: trimmed, the owner's last name left out when none is given. */
export function toNewChannel(values: NewChannelFormValues): Omit<NewChannel, 'api_key'> {
  const lastName = values.owner_last_name.trim();
  return {
    name: values.name.trim(),
    slug: values.slug.trim(),
    host: values.host.trim().toLowerCase(),
    language: values.language,
    currency: values.currency.trim(),
    time_zone: values.time_zone.trim(),
    owner: {
      email: values.owner_email.trim(),
      first_name: values.owner_first_name.trim(),
      ...(lastName ? { last_name: lastName } : {}),
    },
  };
}

/** The form field a place in the body belongs to: `owner.email` is `owner_email`. */
export function newChannelFieldOf(path: readonly PropertyKey[]): keyof NewChannelFormValues | 'root' {
  const [first, second] = path.map(String);
  if (first === 'owner' && second) return `owner_${second}` as keyof NewChannelFormValues;
  return (first as keyof NewChannelFormValues | undefined) ?? 'root';
}

/** What to tell the admin about a field, as a `consoleValidation.<name>` text. */
export function newChannelMessageOf(field: string, issue: { code?: string; maximum?: unknown } = {}): string {
  if (issue.code === 'too_big' && typeof issue.maximum === 'number') return `tooLong:${issue.maximum}`;
  if (field === 'slug') return 'alias';
  if (field === 'host') return 'host';
  if (field === 'owner_email') return 'email';
  return messageOf(field, issue);
}

function nest(errors: readonly { field: string; message: string }[]): FieldErrors<NewChannelFormValues> {
  const out: Record<string, { type: string; message: string }> = {};
  for (const { field, message } of errors) out[field] ??= { type: 'validate', message };
  return out as FieldErrors<NewChannelFormValues>;
}

/** Checks the form with the contract's schema, on the body it would send. */
export const newChannelResolver: Resolver<NewChannelFormValues> = async (values) => {
  const result = newChannelSchema.safeParse(toNewChannel(values));
  if (result.success) return { values, errors: {} };
  const errors = result.error.issues.map((issue) => {
    const field = newChannelFieldOf(issue.path);
    return { field, message: newChannelMessageOf(field, issue as { code?: string; maximum?: unknown }) };
  });
  return { values: {}, errors: nest(errors) };
};

/** A 400 `validation_failed`'s details (`body.owner.email: …`) as the form's field errors. */
export function serverNewChannelErrors(details: readonly { path: string; message: string }[]) {
  return details.map(({ path }) => {
    const field = newChannelFieldOf(path.replace(/^body\./, '').split('.'));
    return { field, message: newChannelMessageOf(field) };
  });
}
