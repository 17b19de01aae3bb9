/**
 * Creates a verified account on a channel. With --temporary-password the account gets a random password that
 * must be changed at first sign-in (printed once); otherwise give --password.
 *   npm run create-user -- --channel heartland --email a@b.example --first-name Ada --last-name B --temporary-password
 */
import { parseArgs } from 'node:util';
import { emailField, passwordField } from '@sideline/contract/auth';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config/env';
import { openAppDatabase } from '../db/open-app-database';
import { createPasswordHasher } from '../lib/password';
import { randomToken } from '../lib/tokens';
import { createUsersRepository } from '../modules/auth/users.repository';
import { channels } from '../modules/channel/channel.table';

const { values } = parseArgs({
  options: {
    channel: { type: 'string' },
    email: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string', default: '' },
    password: { type: 'string' },
    'temporary-password': { type: 'boolean', default: false },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const email = emailField.safeParse(values.email ?? '');
if (!values.channel || !email.success || !values['first-name']) {
  fail(
    'Usage: create-user --channel <slug> --email <address> --first-name <name> [--last-name <name>] (--password <p> | --temporary-password)',
  );
}
const temporary = values['temporary-password'];
const password = temporary ? randomToken(9) : values.password;
if (!password || !passwordField.safeParse(password).success)
  fail('Give --password (8 characters or more) or --temporary-password.');

const config = loadConfig();
const database = await openAppDatabase(config);
try {
  const [channel] = await database.db.select().from(channels).where(eq(channels.slug, values.channel)).limit(1);
  if (!channel) fail(`No channel "${values.channel}".`);
  const users = createUsersRepository({ db: database.db });
  const hasher = createPasswordHasher({ cost: config.PASSWORD_HASH_COST });
  const user = await users.insert({
    channelId: channel.id,
    email: email.data,
    firstName: values['first-name'],
    lastName: values['last-name'] ?? '',
    language: channel.language,
    passwordHash: await hasher.hash(password),
    temporaryPassword: temporary,
    emailVerifiedAt: new Date(),
  });
  if (!user) fail(`${email.data} already has an account on ${channel.slug}.`);
  console.log(`Created ${user.email} on ${channel.slug} (id ${user.id}).`);
  if (temporary) console.log(`Temporary password: ${password}  (it must be changed at first sign-in)`);
} finally {
  await database.close();
}
