import { type StaffInvite, staffInviteSchema } from '@sideline/contract/console';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { messageOf } from './branding-validation';

export const STAFF_ROLE_CHOICES = ['owner', 'operator', 'analyst'] as const;

/** The invitation form's values, as its inputs hold them. */
export type InviteFormValues = { email: string; first_name: string; last_name: string; role: StaffInvite['role'] };

export const EMPTY_INVITE: InviteFormValues = { email: '', first_name: '', last_name: '', role: 'operator' };

/** The `POST /console/staff` body: the last name left out when none is given. */
export function toStaffInvite(values: InviteFormValues): Omit<StaffInvite, 'api_key'> {
  const lastName = values.last_name.trim();
  return {
    email: values.email.trim(),
    first_name: values.first_name.trim(),
    ...(lastName ? { last_name: lastName } : {}),
    role: values.role,
  };
}

/** What to tell the owner about an invitation field, as a `consoleValidation.<name>` text. */
export function inviteMessageOf(field: string, issue: { code?: string; maximum?: unknown } = {}): string {
  if (field === 'email') return issue.code === 'too_big' ? `tooLong:${issue.maximum}` : 'email';
  return messageOf(field, issue);
}

function nest(errors: readonly { field: string; message: string }[]): FieldErrors<InviteFormValues> {
  const out: Record<string, { type: string; message: string }> = {};
  for (const { field, message } of errors) out[field] ??= { type: 'validate', message };
  return out as FieldErrors<InviteFormValues>;
}

/** Checks the invitation with the contract's schema, on the body the form would send. */
export const inviteResolver: Resolver<InviteFormValues> = async (values) => {
  const result = staffInviteSchema.safeParse(toStaffInvite(values));
  if (result.success) return { values, errors: {} };
  const errors = result.error.issues.map((issue) => {
    const field = String(issue.path[0] ?? 'root');
    return { field, message: inviteMessageOf(field, issue as { code?: string; maximum?: unknown }) };
  });
  return { values: {}, errors: nest(errors) };
};

/** A 400 `validation_failed`'s details (`body.email: …`) as the form's field errors. */
export function serverInviteErrors(details: readonly { path: string; message: string }[]) {
  return details.map(({ path }) => {
    const field = path.replace(/^body\./, '').split('.')[0] ?? 'root';
    return { field, message: inviteMessageOf(field) };
  });
}
