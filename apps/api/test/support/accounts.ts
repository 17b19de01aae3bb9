import { sessionSchema } from '@sideline/contract/auth';
import { eq } from 'drizzle-orm';
import { users } from '../../src/modules/auth/users.table';
import { newFan } from './fans';
import { tokenFromLastMail } from './outbox';
import { caller, guestKey, type TestApp } from './test-app';

/** A verified fan with an api key (register, then follow the e-mailed link), and the fan's row. */
export async function newAccount(t: TestApp, email: string) {
  const call = caller(t.app);
  await call({ method: 'POST', url: '/api/v2/auth/register', key: await guestKey(t.app), body: newFan(email) });
  const res = await call({
    method: 'POST',
    url: '/api/auth/email-verify',
    key: await guestKey(t.app),
    body: { token: await tokenFromLastMail(t, email) },
  });
  const key = sessionSchema.parse(res.json().data).api_key;
  const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error('no user');
  return { key, user };
}
