import { isNotNull, sql } from 'drizzle-orm';
import { StartupError } from '../../config/startup-checks';
import type { Db } from '../../db/client';
import { channels } from '../channel/channel.table';

/**
 * Anyone can sign in through the sandbox as any address, and a verified address links to the account that has it.
 * On a production server whose channels use real Google sign-in that would hand out accounts, so it refuses to
 * start with the sandbox on while any channel has a Google client id (IDENTITY_SANDBOX=false, or no demo seed).
 */
export async function assertIdentitySandboxAllowed(
  db: Db,
  { enabled, production }: { enabled: boolean; production: boolean },
) {
  if (!enabled || !production) return;
  const googleClient = sql`${channels.extras}->'providers'->>'googleClientId'`;
  const withGoogle = await db.select({ slug: channels.slug }).from(channels).where(isNotNull(googleClient)).limit(5);
  if (withGoogle.length === 0) return;
  throw new StartupError(
    `IDENTITY_SANDBOX is on in production while channels use real Google sign-in (${withGoogle
      .map((c) => c.slug)
      .join(', ')}): set IDENTITY_SANDBOX=false`,
  );
}
