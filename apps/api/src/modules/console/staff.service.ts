import type { StaffInvite, StaffMember, StaffRole } from '@sideline/contract/console';
import type { Db } from '../../db/client';
import { hashToken, randomToken } from '../../lib/tokens';
import type { UserRow, UsersRepository } from '../auth';
import type { Channel } from '../channel';
import { type MailOutbox, renderMail } from '../mail';
import type { Actor, AuditRepository } from './audit.repository';
import { consoleErrors } from './console.errors';
import { staffQueries, staffRepository } from './staff.repository';

/** An invitation's link to choose a password lasts three days: people do not always read mail the same hour. */
const INVITE_HOURS = 72;

export type StaffDeps = {
  db: Db;
  transaction: <T>(work: (tx: Db) => Promise<T>) => Promise<T>;
  audit: AuditRepository;
  users: UsersRepository;
  mail: MailOutbox;
};

const member = (u: UserRow): StaffMember => ({
  id: u.id,
  email: u.email,
  first_name: u.firstName,
  last_name: u.lastName,
  role: u.role as StaffMember['role'],
  has_password: u.passwordHash !== null,
});

/**
 * The channel's people (owner only): who has a role, an invitation by e-mail (a new account chooses its password
 * through the link; an existing one is told), another role or none. A channel always keeps an owner. Each change
 * is audited, and its mail queued, in the change's transaction.
 */
export function createStaffService({ db, transaction, audit, users, mail }: StaffDeps) {
  /**
   * Another role for an account of the channel, or none, audited in `tx`. False when the channel has no such account,
   * or, but from the platform (the command line), when the change touches the platform's `admin` role.
   */
  async function setRoleIn(
    tx: Db,
    channelId: number,
    actor: Actor,
    userId: number,
    role: StaffRole | null,
    fromPlatform = false,
  ): Promise<boolean> {
    const current = await staffRepository.roleForUpdate(tx, channelId, userId);
    if (!current) return false;
    if (current.role === role) return true;
    if (!fromPlatform && (current.role === 'admin' || role === 'admin')) return false;
    if (current.role === 'owner' && role !== 'owner' && (await staffQueries.owners(tx, channelId)) <= 1) {
      throw consoleErrors.lastOwner();
    }
    await staffRepository.setRole(tx, userId, role);
    await audit.record(tx, channelId, actor, {
      action: 'role.set',
      entity: 'user',
      entityId: userId,
      before: { role: current.role },
      after: { role },
    });
    return true;
  }

  return {
    /** A role set from the platform (the command line): any role, `admin` included; false for no such account. */
    setRoleFromPlatform: (channelId: number, userId: number, role: StaffRole | null, actor: Actor) =>
      transaction((tx) => setRoleIn(tx, channelId, actor, userId, role, true)),

    async list(channelId: number): Promise<StaffMember[]> {
      return (await staffQueries.list(db, channelId)).map(member);
    },

    async invite(channel: Channel, actor: Actor, origin: string, input: StaffInvite) {
      const existing = await users.byEmail(channel.id, input.email);
      const invited = await transaction(async (tx) => {
        if (existing) {
          if (!(await setRoleIn(tx, channel.id, actor, existing.id, input.role))) throw consoleErrors.staffNotFound();
          await mail.enqueue(
            renderMail('console_role', {
              language: existing.language,
              channel: channel.name,
              to: existing.email,
              link: `${origin}/console`,
              hours: 0,
            }),
            tx,
          );
          return { user: existing, created: false };
        }
        const user = await users.insert(
          {
            channelId: channel.id,
            email: input.email,
            firstName: input.first_name,
            lastName: input.last_name ?? '',
            language: channel.language,
            passwordHash: null,
            // The owner vouches for the address; the link proves it when it is used.
            emailVerifiedAt: new Date(),
            role: input.role,
          },
          tx,
        );
        if (!user) throw consoleErrors.staffNotFound();
        const token = randomToken();
        await users.insertToken(
          {
            userId: user.id,
            kind: 'password_reset',
            tokenHash: hashToken(token),
            expiresAt: new Date(Date.now() + INVITE_HOURS * 3_600_000),
          },
          tx,
        );
        await audit.record(tx, channel.id, actor, {
          action: 'role.invite',
          entity: 'user',
          entityId: user.id,
          after: { email: user.email, role: input.role },
        });
        await mail.enqueue(
          renderMail('console_invite', {
            language: channel.language,
            channel: channel.name,
            to: user.email,
            link: `${origin}/password-reset?token=${token}`,
            hours: INVITE_HOURS,
          }),
          tx,
        );
        return { user, created: true };
      });
      await mail.wake();
      const fresh = (await users.byId(invited.user.id)) ?? invited.user;
      return { member: member(fresh), created: invited.created };
    },

    async setRole(channel: Channel, actor: Actor, userId: number, role: StaffMember['role'] | null) {
      const done = await transaction((tx) => setRoleIn(tx, channel.id, actor, userId, role));
      if (!done) throw consoleErrors.staffNotFound();
      const user = await users.byId(userId);
      return user && role ? member(user) : null;
    },
  };
}
export type StaffService = ReturnType<typeof createStaffService>;
