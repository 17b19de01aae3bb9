import { emailField, passwordField } from '@sideline/contract/auth';
import { eq } from 'drizzle-orm';
import { randomToken } from '../../lib/tokens';
import { channels } from '../../modules/channel/channel.table';
import { CommandRefused, defineCommand, UsageError } from './command';
import { parseOptions } from './parse-options';

/**
 * Creates a verified account on a channel. With --temporary-password the account gets a random password that
 * must be changed at first sign-in (printed once); otherwise give --password.
 */
export const createUser = defineCommand({
  name: 'create-user',
  usage:
    'create-user --channel <slug> --email <address> --first-name <name> [--last-name <name>] (--password <p> | --temporary-password)',
  parse(argv) {
    const values = parseOptions(argv, {
      channel: { type: 'string' },
      email: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string', default: '' },
      password: { type: 'string' },
      'temporary-password': { type: 'boolean', default: false },
    });
    const email = emailField.safeParse(values.email ?? '');
    if (!values.channel || !email.success || !values['first-name']) {
      throw new UsageError('Give --channel, a valid --email and --first-name.');
    }
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
    };
  },
  async run({ db, users, hasher }, args, output) {
    const [channel] = await db.select().from(channels).where(eq(channels.slug, args.channel)).limit(1);
    if (!channel) throw new CommandRefused(`No channel "${args.channel}".`);
    const password = args.password ?? randomToken(9);
    const user = await users.insert({
      channelId: channel.id,
      email: args.email,
      firstName: args.firstName,
      lastName: args.lastName,
      language: channel.language,
      passwordHash: await hasher.hash(password),
      temporaryPassword: args.password === null,
      emailVerifiedAt: new Date(),
    });
    if (!user) throw new CommandRefused(`${args.email} already has an account on ${channel.slug}.`);
    output.out(`Created ${user.email} on ${channel.slug} (id ${user.id}).`);
    if (args.password === null) output.out(`Temporary password: ${password}  (it must be changed at first sign-in)`);
  },
});
