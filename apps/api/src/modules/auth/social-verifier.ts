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
};

/** Checks a provider's token on the server; `null` when the token is not valid for this channel. */
export type SocialVerifier = (
  provider: SocialProvider,
  token: string,
  config: ProviderConfig,
) => Promise<SocialIdentity | null>;

const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

/**
 * Google ID tokens are verified against Google's published key set (signature, issuer, audience = the channel's
 * client id, expiry); Facebook access tokens against the Graph API's debug_token for the channel's app.
 * Both endpoints are parameters, so tests run the real checks against local servers.
 */
export function createSocialVerifier({
  googleKeys,
  facebookGraphUrl,
}: {
  googleKeys: JWTVerifyGetKey | URL;
  facebookGraphUrl: string;
}): SocialVerifier {
  const keys = googleKeys instanceof URL ? createRemoteJWKSet(googleKeys) : googleKeys;

  async function google(token: string, clientId: string): Promise<SocialIdentity | null> {
    try {
      const { payload } = await jwtVerify(token, keys, { issuer: GOOGLE_ISSUERS, audience: clientId });
      if (!payload.sub) return null;
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
    if (provider === 'google') return config.googleClientId ? google(token, config.googleClientId) : null;
    return config.facebookAppId && config.facebookAppSecret
      ? facebook(token, config.facebookAppId, config.facebookAppSecret)
      : null;
  };
}

export const isProviderConfigured = (provider: SocialProvider, config: ProviderConfig) =>
  provider === 'google' ? Boolean(config.googleClientId) : Boolean(config.facebookAppId && config.facebookAppSecret);
