import { emailField, passwordField } from '@sideline/contract/auth';
import { STAFF_ROLES } from '@sideline/contract/console';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { randomToken } from '../../lib/tokens';
import { channels } from '../../modules/channel/channel.table';
import { COMMAND_ACTOR } from '../../modules/console';
import { CommandRefused, defineCommand, UsageError } from './command';
import { parseOptions } from './parse-options';

/**
 * Creates a verified account on a channel. With --temporary-password the account gets a random password that
 * must be changed at first sign-in (printed once); otherwise give --password. With --role the account gets a role in
 * the channel's console (`owner`, `operator`, `analyst`) or the platform's `admin`; given for an e-mail that already
 * has an account, --role alone changes that account's role (`none` takes it away). Each role given or taken is in the
 * channel's audit log, by "command line".
 */
const ROLE_ARGUMENT = z.enum([...STAFF_ROLES, 'none']);

export const createUser = defineCommand({
  name: 'create-user',
  usage:
    'create-user --channel <slug> --email <address> --first-name <name> [--last-name <name>] (--password <p> | --temporary-password) [--role owner|operator|analyst|admin]\n' +
    '       create-user --channel <slug> --email <address> --role owner|operator|analyst|admin|none   (an existing account)',
  parse(argv) {
    const values = parseOptions(argv, {
      channel: { type: 'string' },
      email: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string', default: '' },
      password: { type: 'string' },
      'temporary-password': { type: 'boolean', default: false },
      role: { type: 'string' },
    });
    const email = emailField.safeParse(values.email ?? '');
    const role = values.role === undefined ? undefined : ROLE_ARGUMENT.safeParse(values.role);
    if (role && !role.success) throw new UsageError(`--role is one of ${ROLE_ARGUMENT.options.join(', ')}.`);
    const roleChange = role?.data === 'none' ? null : role?.data;
    if (values.channel && email.success && roleChange !== undefined && !values['first-name'] && !values.password) {
      return { channel: values.channel, email: email.data, role: roleChange, existing: true as const };
    }
    if (!values.channel || !email.success || !values['first-name']) {
      throw new UsageError('Give --channel, a valid --email and --first-name.');
    }
    if (roleChange === null) throw new UsageError('--role none is for an existing account: a new one has no role.');
    const temporary = values['temporary-password'];
    if (!temporary && !passwordField.safeParse(values.password ?? '').success) {
      throw new UsageError('Give --password (8 characters or more) or --temporary-password.');
    }
    return {
      channel: values.channel,
      email: email.data,
      firstName: values['first-name'],
      lastName: values['last-name'] ?? '',
      password: temporary ? null : (values.password as string),
      role: roleChange ?? null,
      existing: false as const,
    };
  },
  async run({ db, users, hasher, console: staff }, args, output) {
    const [channel] = await db.select().from(channels).where(eq(channels.slug, args.channel)).limit(1);
    if (!channel) throw new CommandRefused(`No channel "${args.channel}".`);
    if (args.existing) {
      const user = await users.byEmail(channel.id, args.email);
      if (!user || !(await staff.setRole(channel.id, user.id, args.role, COMMAND_ACTOR))) {
        throw new CommandRefused(`${args.email} has no account on ${channel.slug}: give --first-name and a password.`);
      }
      output.out(`${user.email} on ${channel.slug} ${args.role ? `is now ${args.role}` : 'has no role now'}.`);
      return;
    }
    const password = args.password ?? randomToken(9);
    const passwordHash = await hasher.hash(password);
    // The account and its role's audit entry commit together.
    const user = await db.transaction(async (tx) => {
      const row = await users.insert(
        {
          channelId: channel.id,
          email: args.email,
          firstName: args.firstName,
          lastName: args.lastName,
          language: channel.language,
          passwordHash,
          temporaryPassword: args.password === null,
          emailVerifiedAt: new Date(),
          role: args.role,
        },
        tx,
      );
      if (row && args.role) {
        await staff.record(tx, channel.id, COMMAND_ACTOR, {
          action: 'role.set',
          entity: 'user',
          entityId: row.id,
          before: { role: null },
          after: { role: args.role },
        });
      }
      return row;
    });
    if (!user) throw new CommandRefused(`${args.email} already has an account on ${channel.slug}.`);
    output.out(`Created ${user.email} on ${channel.slug} (id ${user.id})${args.role ? ` as ${args.role}` : ''}.`);
    if (args.password === null) output.out(`Temporary password: ${password}  (it must be changed at first sign-in)`);
  },
});
