import { type ConsoleMe, roleAllows, type StaffMember } from '@sideline/contract/console';
import { useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { type StaffRoleChoice, useStaff, useStaffWrites } from '../api/staff';
import {
  EMPTY_INVITE,
  type InviteFormValues,
  inviteResolver,
  STAFF_ROLE_CHOICES,
  serverInviteErrors,
  toStaffInvite,
} from '../utils/staff-values';
import styles from './console.module.css';
import { ConsoleField, inputProps } from './console-field';
import { ConsoleLoadError, ConsoleLoading } from './console-states';
import formStyles from './fields.module.css';

/** A 409's words on the staff page: the last owner's in the console's text, the server's message otherwise. */
export function useStaffRefusal() {
  const { t } = useTranslation('console');
  return (error: unknown): string | null => {
    if (!(error instanceof ApiError) || error.status !== 409) return null;
    return error.code === 'last_owner' ? t('staff.lastOwner') : error.message;
  };
}

/**
 * The channel's people with a role in the console. Seeing and managing them is the owner's (`manage`): the list, an
 * invitation by e-mail, another role or none. Other roles are told so: the API answers them nothing here.
 */
export function StaffPage({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation('console');
  const canManage = roleAllows(me.role, 'manage');
  const staff = useStaff(canManage);
  const [refused, setRefused] = useState<string | null>(null);
  return (
    <section className={styles.section} aria-labelledby="console-staff">
      <h2 id="console-staff">{t('staff.title')}</h2>
      <p>{t('staff.intro')}</p>
      {!canManage ? (
        <p className={styles.notice}>{t('staff.ownersOnly')}</p>
      ) : (
        <>
          {refused && (
            <p className={styles.refused} role="alert">
              {refused}
            </p>
          )}
          {staff.isPending ? (
            <ConsoleLoading label={t('staff.loading')} />
          ) : staff.isError ? (
            <ConsoleLoadError onRetry={() => void staff.refetch()} />
          ) : (
            <StaffTable members={staff.data} myId={me.user.id} onRefused={setRefused} />
          )}
          <div className={styles.panel}>
            <h3>{t('staff.invite')}</h3>
            <p>{t('staff.inviteIntro')}</p>
            <InviteForm onRefused={setRefused} />
          </div>
        </>
      )}
    </section>
  );
}

function StaffTable({
  members,
  myId,
  onRefused,
}: {
  members: StaffMember[];
  myId: number;
  onRefused: (text: string | null) => void;
}) {
  const { t } = useTranslation('console');
  return (
    <div className={formStyles.tableFrame}>
      <table className={formStyles.table}>
        <caption className="sr-only">{t('staff.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('staff.name')}</th>
            <th scope="col">{t('staff.email')}</th>
            <th scope="col">{t('staff.status')}</th>
            <th scope="col">{t('staff.role')}</th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <tr key={member.id}>
              <td>
                {[member.first_name, member.last_name].filter(Boolean).join(' ') || t('staff.noName')}
                {member.id === myId && <> {t('staff.you')}</>}
              </td>
              <td>{member.email}</td>
              <td>{member.has_password ? t('staff.active') : t('staff.invited')}</td>
              <td>
                <RoleChange member={member} onRefused={onRefused} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A member's role as a choice, applied with its button; none (after a confirmation) takes the member's access. */
function RoleChange({ member, onRefused }: { member: StaffMember; onRefused: (text: string | null) => void }) {
  const { t } = useTranslation('console');
  const writes = useStaffWrites();
  const refusal = useStaffRefusal();
  const [role, setRole] = useState<StaffRoleChoice | ''>(member.role);
  const [busy, setBusy] = useState(false);
  const selectId = `staff-role-${member.id}`;

  const apply = async () => {
    if (busy || role === member.role) return;
    if (role === '' && !window.confirm(t('staff.removeConfirm', { email: member.email }))) return;
    setBusy(true);
    onRefused(null);
    try {
      await writes.setRole(member.id, role || null);
      toast.success(
        role
          ? t('staff.changed', { email: member.email, role: t(`console.roles.${role}`) })
          : t('staff.removed', { email: member.email }),
      );
    } catch (error) {
      const text = refusal(error);
      if (text) onRefused(text);
      else toast.error(t('staff.changeFailed'));
      setRole(member.role);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.roleRow}>
      <label htmlFor={selectId} className="sr-only">
        {t('staff.roleOf', { email: member.email })}
      </label>
      <select
        id={selectId}
        className={formStyles.input}
        value={role}
        onChange={(event) => setRole(event.target.value as StaffRoleChoice | '')}
      >
        {STAFF_ROLE_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {t(`console.roles.${choice}`)}
          </option>
        ))}
        <option value="">{t('staff.noRole')}</option>
      </select>
      <button
        type="button"
        className="button button-outline"
        aria-label={t('staff.changeNamed', { email: member.email })}
        aria-disabled={busy || role === member.role || undefined}
        onClick={() => void apply()}
      >
        {t('staff.change')}
      </button>
    </div>
  );
}

/** An invitation by e-mail with a role: a new account gets a link to choose its password, an existing one a notice. */
function InviteForm({ onRefused }: { onRefused: (text: string | null) => void }) {
  const { t } = useTranslation('console');
  const writes = useStaffWrites();
  const refusal = useStaffRefusal();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<InviteFormValues>({ resolver: inviteResolver, defaultValues: EMPTY_INVITE });

  const onSubmit = handleSubmit(async (values) => {
    onRefused(null);
    try {
      const { member, created } = await writes.invite(toStaffInvite(values));
      toast.success(
        created ? t('staff.inviteSent', { email: member.email }) : t('staff.roleGiven', { email: member.email }),
      );
      reset(EMPTY_INVITE);
    } catch (error) {
      const text = refusal(error);
      if (error instanceof ApiError && error.code === 'validation_failed' && error.details?.length) {
        for (const [index, { field, message }] of serverInviteErrors(error.details).entries()) {
          setError(field as Path<InviteFormValues>, { type: 'server', message }, { shouldFocus: index === 0 });
        }
      } else if (text) onRefused(text);
      else toast.error(t('staff.inviteFailed'));
    }
  });

  return (
    <form className={formStyles.form} noValidate onSubmit={onSubmit} aria-busy={isSubmitting || undefined}>
      <div className={formStyles.row}>
        <ConsoleField label={t('staff.email')} error={errors.email}>
          {(ids) => <input {...inputProps(ids, errors.email)} type="email" autoComplete="off" {...register('email')} />}
        </ConsoleField>
        <ConsoleField label={t('staff.firstName')} error={errors.first_name}>
          {(ids) => <input {...inputProps(ids, errors.first_name)} type="text" {...register('first_name')} />}
        </ConsoleField>
        <ConsoleField label={t('staff.lastName')} hint={t('staff.lastNameHint')} error={errors.last_name}>
          {(ids) => <input {...inputProps(ids, errors.last_name)} type="text" {...register('last_name')} />}
        </ConsoleField>
        <ConsoleField label={t('staff.role')} error={errors.role}>
          {(ids) => (
            <select {...inputProps(ids, errors.role)} {...register('role')}>
              {STAFF_ROLE_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {t(`console.roles.${choice}`)}
                </option>
              ))}
            </select>
          )}
        </ConsoleField>
      </div>
      <div className={styles.actions}>
        <button
          type="submit"
          className="button button-solid"
          aria-disabled={isSubmitting || undefined}
          onClick={(event) => {
            if (isSubmitting) event.preventDefault();
          }}
        >
          {isSubmitting ? t('staff.sending') : t('staff.send')}
        </button>
      </div>
    </form>
  );
}
