import { setTimeout as sleep } from 'node:timers/promises';
import type { LoginBody, RegisterBody, Session } from '@sideline/contract/auth';
import type { SocialProvider } from '@sideline/contract/enums';
import type { Db } from '../../db/client';
import type { PasswordHasher } from '../../lib/password';
import { hashToken, randomToken } from '../../lib/tokens';
import type { Channel } from '../channel';
import type { KeySession, KeysService } from '../keys';
import type { MailOutbox } from '../mail';
import { renderMail } from '../mail';
import { authErrors } from './auth.errors';
import type { LoginThrottle } from './login-throttle';
import type { RecaptchaVerifier } from './recaptcha';
import { newSessionCode, normalizeSessionCode } from './session-code';
import { isProviderConfigured, type SocialVerifier } from './social-verifier';
import { type PassGrants, toUser } from './user-view';
import type { UserRow, UsersRepository } from './users.repository';
import type { UserTokenKind } from './users.table';

const HOUR = 3_600_000;
/** How long each one-time link or code works. */
export const TOKEN_TTL_MS: Record<UserTokenKind, number> = {
  email_verify: 48 * HOUR,
  password_reset: 1 * HOUR,
  delete_account: 24 * HOUR,
  session_code: 10 * 60_000,
};

export type AuthDeps = {
  users: UsersRepository;
  keys: KeysService;
  hasher: PasswordHasher;
  /** Opens the transactions that write a row and the mail about it together. */
  db: Db;
  mail: MailOutbox;
  throttle: LoginThrottle;
  social: SocialVerifier;
  /** The identity sandbox's client and issuer for a channel with no Google client (null: no sandbox). */
  googleSandbox?: (channel: Channel, origin: string) => { clientId: string; issuer: string } | null;
  recaptcha: RecaptchaVerifier;
  /**
   * What other modules must do when an account goes: before (end the plans at the provider; a throw keeps the
   * account), and the step it returns after the rows are gone (remove the clips' files).
   */
  beforeAccountDeletion?: (userId: number) => Promise<() => Promise<void>>;
  /** What the user's active purchases add, so a new session's user says what the profile says; none without commerce. */
  grantsOf?: (channel: Channel, userId: number) => Promise<PassGrants>;
};

/** A session just opened, with the user's row for the answer. */
type Opened = { api_key: string; user: UserRow };

/** Registration, login (password, social, one-time code), logout and the e-mailed account links. */
export function createAuthService(deps: AuthDeps) {
  const { users, keys, hasher, mail } = deps;

  /**
   * A fresh key bound to the user; the key the request came with is revoked (rotation on login). Both in the
   * caller's transaction: never a new key with the old one still live, nor the old one revoked with no new one.
   */
  async function openSession(tx: Db, channel: Channel, user: UserRow, previous: KeySession | null): Promise<Opened> {
    const txKeys = keys.withTx(tx);
    const { api_key } = await txKeys.issue(channel, user.id);
    if (previous) await txKeys.revoke(previous);
    return { api_key, user };
  }

  /**
   * The answer to a sign-in: the user with their passes' capabilities, as the profile lists them (a premium fan's
   * login said only `watch`). Read once the session's transaction is over: PGlite has one connection, which that
   * transaction holds.
   */
  async function answer(channel: Channel, opened: Promise<Opened>): Promise<Session> {
    const { api_key, user } = await opened;
    return { api_key, user: toUser(user, channel, false, await deps.grantsOf?.(channel, user.id)) };
  }

  // Verifying against this when the account does not exist (or has no password) makes a failed login take the
  // time a real check takes, so the answer's timing does not tell which e-mails have an account.
  let dummyHash: Promise<string> | undefined;
  const passwordMatches = async (user: UserRow | undefined, password: string): Promise<boolean> => {
    if (user?.passwordHash) return hasher.verify(password, user.passwordHash);
    dummyHash ??= hasher.hash(randomToken());
    await hasher.verify(password, await dummyHash);
    return false;
  };

  async function issueToken(userId: number, kind: UserTokenKind, tx?: Db): Promise<string> {
    const token = randomToken();
    await users.insertToken(
      {
        userId,
        kind,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + TOKEN_TTL_MS[kind]),
      },
      tx,
    );
    return token;
  }

  /** Queues the mail in the outbox; with `tx` the caller wakes the sender once that transaction has committed. */
  async function mailLink(
    kind: 'verify_email' | 'reset_password' | 'delete_account',
    channel: Channel,
    user: UserRow,
    url: string,
    tx?: Db,
  ) {
    const ttl =
      TOKEN_TTL_MS[
        kind === 'verify_email' ? 'email_verify' : kind === 'reset_password' ? 'password_reset' : 'delete_account'
      ];
    const message = renderMail(kind, {
      language: user.language,
      channel: channel.name,
      to: user.email,
      link: url,
      hours: ttl / HOUR,
    });
    await mail.enqueue(message, tx);
    if (!tx) await mail.wake();
  }

  const refuseIfLoggedIn = (session: KeySession) => {
    if (session.userId !== null) throw authErrors.alreadyLoggedIn();
  };

  async function sendVerification(channel: Channel, user: UserRow, origin: string, tx?: Db) {
    const token = await issueToken(user.id, 'email_verify', tx);
    await mailLink('verify_email', channel, user, `${origin}/verify-email?token=${token}`, tx);
  }

  return {
    async register(channel: Channel, session: KeySession, body: RegisterBody, ctx: { ip: string; origin: string }) {
      refuseIfLoggedIn(session);
      const secret = channel.extras.secrets.recaptchaSecret;
      if (secret) {
        if (!body.recaptcha_token) throw authErrors.recaptchaRequired();
        if (!(await deps.recaptcha(secret, body.recaptcha_token, ctx.ip))) throw authErrors.recaptchaInvalid();
      }
      if (await users.byEmail(channel.id, body.email)) throw authErrors.emailTaken();
      const passwordHash = await hasher.hash(body.password);
      // The account and its verification mail commit together: a 201 means the mail will be sent.
      const user = await deps.db.transaction(async (tx) => {
        const row = await users.insert(
          {
            channelId: channel.id,
            email: body.email,
            firstName: body.first_name,
            lastName: body.last_name,
            phone: body.phone ?? null,
            language: body.language ?? channel.language,
            passwordHash,
            termsAcceptedAt: new Date(),
          },
          tx,
        );
        if (row) await sendVerification(channel, row, ctx.origin, tx);
        return row;
      });
      if (!user) throw authErrors.emailTaken();
      await mail.wake();
      return { email: user.email };
    },

    async login(
      channel: Channel,
      session: KeySession,
      body: LoginBody,
      ctx: { origin: string; ip: string },
    ): Promise<Session> {
      refuseIfLoggedIn(session);
      const attempt = { account: `${channel.id}:${body.email.toLowerCase()}`, address: ctx.ip };
      const { blocked, delayMs } = await deps.throttle.check(attempt);
      if (blocked) throw authErrors.tooManyAttempts();
      if (delayMs > 0) await sleep(delayMs);
      const user = await users.byEmail(channel.id, body.email);
      const ok = await passwordMatches(user, body.password);
      if (!user || !ok) {
        await deps.throttle.fail(attempt);
        throw authErrors.invalidCredentials();
      }
      await deps.throttle.succeed(attempt);
      if (!user.emailVerifiedAt) {
        await sendVerification(channel, user, ctx.origin);
        throw authErrors.emailNotVerified();
      }
      return answer(
        channel,
        users.transaction((tx) => openSession(tx, channel, user, session)),
      );
    },

    async social(
      channel: Channel,
      session: KeySession,
      provider: SocialProvider,
      body: { token: string; terms_accepted?: boolean | undefined; nonce?: string | undefined },
      ctx: { origin: string },
    ): Promise<Session> {
      refuseIfLoggedIn(session);
      const config = {
        ...channel.extras.providers,
        facebookAppSecret: channel.extras.secrets.facebookAppSecret,
        googleSandbox: deps.googleSandbox?.(channel, ctx.origin) ?? null,
        nonce: body.nonce,
      };
      if (!isProviderConfigured(provider, config)) throw authErrors.providerNotConfigured();
      const identity = await deps.social(provider, body.token, config);
      if (!identity) throw authErrors.wrongAuthData();
      // Sign-up (or verifying the address), the link to the provider and the session: all or nothing.
      const opened = users.transaction(async (tx) => {
        const txUsers = users.withTx(tx);
        let user = await txUsers.socialUser(channel.id, provider, identity.subject);
        if (!user && identity.email && identity.emailVerified) {
          user = await txUsers.byEmail(channel.id, identity.email);
          if (user && !user.emailVerifiedAt) user = await txUsers.update(user.id, { emailVerifiedAt: new Date() });
        }
        if (!user) {
          if (!identity.email) throw authErrors.wrongAuthData();
          if (!body.terms_accepted) throw authErrors.termsRequired();
          user = await txUsers.insert({
            channelId: channel.id,
            email: identity.email.toLowerCase(),
            firstName: identity.firstName || identity.email.split('@')[0] || 'Fan',
            lastName: identity.lastName,
            language: channel.language,
            passwordHash: null,
            emailVerifiedAt: identity.emailVerified ? new Date() : null,
            termsAcceptedAt: new Date(),
          });
          if (!user) throw authErrors.emailTaken();
        }
        await txUsers.linkSocial({ userId: user.id, channelId: channel.id, provider, subject: identity.subject });
        return openSession(tx, channel, user, session);
      });
      return answer(channel, opened);
    },

    async logout(session: KeySession) {
      await keys.revoke(session);
    },

    async verifyEmail(channel: Channel, session: KeySession, token: string): Promise<Session> {
      const row = await users.tokenByHash('email_verify', hashToken(token));
      const user = row ? await users.byId(row.userId) : undefined;
      if (!row || !user || user.channelId !== channel.id) throw authErrors.verificationFailed();
      if (user.emailVerifiedAt) throw authErrors.emailAlreadyVerified();
      const opened = users.transaction(async (tx) => {
        const txUsers = users.withTx(tx);
        if (!(await txUsers.useToken(row.id))) throw authErrors.verificationFailed();
        const verified = await txUsers.update(user.id, { emailVerifiedAt: new Date() });
        if (!verified) throw authErrors.verificationFailed();
        const previous = session.userId === null || session.userId === user.id ? session : null;
        return openSession(tx, channel, verified, previous);
      });
      return answer(channel, opened);
    },

    /** Mails a link when the address has an account; the caller gets the same answer either way. */
    async requestPasswordReset(channel: Channel, email: string, origin: string) {
      const user = await users.byEmail(channel.id, email);
      if (!user) return;
      const token = await issueToken(user.id, 'password_reset');
      await mailLink('reset_password', channel, user, `${origin}/password-reset?token=${token}`);
    },

    async resetPassword(channel: Channel, token: string, password: string) {
      const row = await users.tokenByHash('password_reset', hashToken(token));
      const user = row ? await users.byId(row.userId) : undefined;
      if (!row || !user || user.channelId !== channel.id || row.usedAt) throw authErrors.resetFailed();
      if (row.expiresAt.getTime() <= Date.now()) throw authErrors.resetKeyExpired();
      const passwordHash = await hasher.hash(password);
      await users.transaction(async (tx) => {
        const txUsers = users.withTx(tx);
        if (!(await txUsers.useToken(row.id))) throw authErrors.resetFailed();
        await txUsers.setPassword(user.id, passwordHash, {
          temporaryPassword: false,
          // Following the e-mailed link proves the address too.
          emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
        });
        // Nobody is signed in on a reset: every session ends.
        await keys.withTx(tx).revokeAllForUser(user.id);
      });
    },

    /** A short code to type on another device (not a link's long token): single-use, for 10 minutes. */
    async createSessionCode(session: KeySession & { userId: number }) {
      const code = newSessionCode();
      const expiresAt = new Date(Date.now() + TOKEN_TTL_MS.session_code);
      await users.insertToken({
        userId: session.userId,
        kind: 'session_code',
        tokenHash: hashToken(normalizeSessionCode(code)),
        expiresAt,
      });
      return { code, expires_at: expiresAt.toISOString() };
    },

    async addSession(channel: Channel, session: KeySession, code: string): Promise<Session> {
      const row = await users.tokenByHash('session_code', hashToken(normalizeSessionCode(code)));
      const user = row ? await users.byId(row.userId) : undefined;
      if (!row || !user || user.channelId !== channel.id) throw authErrors.wrongAuthData();
      const opened = users.transaction(async (tx) => {
        if (!(await users.withTx(tx).useToken(row.id))) throw authErrors.wrongAuthData();
        return openSession(tx, channel, user, session);
      });
      return answer(channel, opened);
    },

    async requestAccountDeletion(channel: Channel, user: UserRow, origin: string) {
      const token = await issueToken(user.id, 'delete_account');
      await mailLink('delete_account', channel, user, `${origin}/confirm-account-deletion?token=${token}`);
    },

    async confirmAccountDeletion(channel: Channel, token: string) {
      const row = await users.tokenByHash('delete_account', hashToken(token));
      const user = row ? await users.byId(row.userId) : undefined;
      if (!row || !user || user.channelId !== channel.id) throw authErrors.deletionFailed();
      if (row.usedAt || row.expiresAt <= new Date()) throw authErrors.deletionFailed();
      const after = await deps.beforeAccountDeletion?.(user.id);
      await users.transaction(async (tx) => {
        const txUsers = users.withTx(tx);
        if (!(await txUsers.useToken(row.id))) throw authErrors.deletionFailed();
        await keys.withTx(tx).revokeAllForUser(user.id);
        await txUsers.remove(user.id);
      });
      await after?.();
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
