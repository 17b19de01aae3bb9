import type { SocialProvider } from '@sideline/contract/enums';
import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose';

/** Who a provider says the token belongs to. */
export type SocialIdentity = {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
};

export type ProviderConfig = {
  googleClientId: string | null;
  facebookAppId: string | null;
  facebookAppSecret: string | null;
  /** The offline identity sandbox, for a channel with no Google client: its client id and issuer for this site. */
  googleSandbox?: { clientId: string; issuer: string } | null;
  /** The nonce the client sent with the token: the ID token must carry exactly it (none when none was sent). */
  nonce?: string | undefined;
};

/** Who may sign Google ID tokens for a channel, and for which client. */
type OidcAudience = { clientId: string; issuers: string[]; keys: JWTVerifyGetKey };

/** Checks a provider's token on the server; `null` when the token is not valid for this channel. */
export type SocialVerifier = (
  provider: SocialProvider,
  token: string,
  config: ProviderConfig,
) => Promise<SocialIdentity | null>;

const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

/**
 * Google ID tokens are verified against Google's published key set (signature, issuer, audience = the channel's
 * client id, expiry, nonce); Facebook access tokens against the Graph API's debug_token for the channel's app.
 * Both endpoints are parameters, so tests run the real checks against local servers. A channel with no Google
 * client may use the identity sandbox: its tokens go through the same checks, with its issuer and key set.
 */
export function createSocialVerifier({
  googleKeys,
  facebookGraphUrl,
  sandboxKeys,
}: {
  googleKeys: JWTVerifyGetKey | URL;
  facebookGraphUrl: string;
  sandboxKeys?: JWTVerifyGetKey | undefined;
}): SocialVerifier {
  const keys = googleKeys instanceof URL ? createRemoteJWKSet(googleKeys) : googleKeys;

  async function google(token: string, audience: OidcAudience, nonce?: string): Promise<SocialIdentity | null> {
    try {
      const { payload } = await jwtVerify(token, audience.keys, {
        issuer: audience.issuers,
        audience: audience.clientId,
        algorithms: ['RS256'],
      });
      if (!payload.sub) return null;
      // A token minted for another sign-in (another browser's request) carries another nonce, or one not sent.
      if (payload.nonce !== nonce) return null;
      return {
        subject: payload.sub,
        email: typeof payload.email === 'string' ? payload.email : null,
        emailVerified: payload.email_verified === true,
        firstName: typeof payload.given_name === 'string' ? payload.given_name : '',
        lastName: typeof payload.family_name === 'string' ? payload.family_name : '',
      };
    } catch {
      return null;
    }
  }

  async function facebook(token: string, appId: string, appSecret: string): Promise<SocialIdentity | null> {
    const base = facebookGraphUrl.replace(/\/$/, '');
    const debug = await fetch(
      `${base}/debug_token?input_token=${encodeURIComponent(token)}&access_token=${encodeURIComponent(`${appId}|${appSecret}`)}`,
      { signal: AbortSignal.timeout(10_000) },
    );
    if (!debug.ok) return null;
    const info = (await debug.json()) as { data?: { is_valid?: boolean; app_id?: string; user_id?: string } };
    if (!info.data?.is_valid || info.data.app_id !== appId || !info.data.user_id) return null;
    const me = await fetch(
      `${base}/me?fields=id,email,first_name,last_name&access_token=${encodeURIComponent(token)}`,
      {
        signal: AbortSignal.timeout(10_000),
      },
    );
    if (!me.ok) return null;
    const profile = (await me.json()) as { id?: string; email?: string; first_name?: string; last_name?: string };
    if (profile.id !== info.data.user_id) return null;
    return {
      subject: profile.id,
      email: profile.email ?? null,
      // Facebook only returns confirmed addresses.
      emailVerified: Boolean(profile.email),
      firstName: profile.first_name ?? '',
      lastName: profile.last_name ?? '',
    };
  }

  return async (provider, token, config) => {
    if (provider === 'google') {
      if (config.googleClientId) {
        return google(token, { clientId: config.googleClientId, issuers: GOOGLE_ISSUERS, keys }, config.nonce);
      }
      const sandbox = config.googleSandbox;
      if (!sandbox || !sandboxKeys) return null;
      return google(token, { clientId: sandbox.clientId, issuers: [sandbox.issuer], keys: sandboxKeys }, config.nonce);
    }
    return config.facebookAppId && config.facebookAppSecret
      ? facebook(token, config.facebookAppId, config.facebookAppSecret)
      : null;
  };
}

export const isProviderConfigured = (provider: SocialProvider, config: ProviderConfig) =>
  provider === 'google'
    ? Boolean(config.googleClientId || config.googleSandbox)
    : Boolean(config.facebookAppId && config.facebookAppSecret);
