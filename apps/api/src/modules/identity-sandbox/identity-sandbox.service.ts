import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { identitySandboxErrors as errors } from './identity-sandbox.errors';
import type { SandboxKeys } from './sandbox-keys';

/** Where the sandbox lives on every channel's site; the issuer is the site's origin followed by it. */
export const IDENTITY_SANDBOX_PATH = '/identity-sandbox';
const CODE_TTL_S = 120;
const ID_TOKEN_TTL_S = 3600;

/** Who the tester says they are on the sandbox's page. */
export type SandboxIdentity = { email: string; givenName: string; familyName: string; emailVerified: boolean };

/** The authorization request's parameters, as OpenID Connect names them (code flow with PKCE). */
export type AuthorizeParams = {
  client_id: string;
  redirect_uri: string;
  response_type: string;
  scope: string;
  state: string;
  nonce: string;
  code_challenge: string;
  code_challenge_method: string;
};

export type TokenParams = {
  grant_type: string;
  code: string;
  redirect_uri: string;
  client_id: string;
  code_verifier: string;
};

const base64url = (b: Buffer) => b.toString('base64url');
/** The same address gives the same account at the sandbox, as a Google account keeps its `sub`. */
export const subjectOf = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 21);

/**
 * An OpenID Connect provider shaped like Google's, for trying social sign-in with no Google client: discovery,
 * key set, authorization (the tester picks an identity), and a token endpoint issuing RS256 ID tokens with
 * Google's claims. Codes are short-lived signed tokens (any process on the data folder redeems them), used once.
 */
export function createIdentitySandbox({ keys }: { keys: SandboxKeys }) {
  const usedCodes = new Map<string, number>();
  const forgetExpired = (now: number) => {
    for (const [id, until] of usedCodes) if (until < now) usedCodes.delete(id);
  };

  return {
    jwks: () => keys.jwks,
    keys: keys.keys,
    /** The client id a channel with no Google client gets at the sandbox: one per channel, so tokens stay put. */
    clientIdFor: (channel: { slug: string }) => `${channel.slug}.sandbox.apps.sideline.localhost`,
    issuerOf: (origin: string) => `${origin}${IDENTITY_SANDBOX_PATH}`,

    discovery(issuer: string) {
      return {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        scopes_supported: ['openid', 'email', 'profile'],
        token_endpoint_auth_methods_supported: ['none'],
        grant_types_supported: ['authorization_code'],
        code_challenge_methods_supported: ['S256'],
        claims_supported: ['aud', 'email', 'email_verified', 'exp', 'family_name', 'given_name', 'iat', 'iss'],
      };
    },

    /** Refuses a request this sandbox would not answer; the redirect must go back to the same site. */
    checkAuthorize(p: AuthorizeParams, expected: { clientId: string; origin: string }) {
      if (p.client_id !== expected.clientId) throw errors.badParameter('client_id');
      let redirect: URL;
      try {
        redirect = new URL(p.redirect_uri);
      } catch {
        throw errors.badParameter('redirect_uri');
      }
      if (redirect.origin !== expected.origin) throw errors.badParameter('redirect_uri');
      if (p.response_type !== 'code') throw errors.badParameter('response_type');
      if (!p.scope.split(' ').includes('openid')) throw errors.badParameter('scope');
      if (p.code_challenge_method !== 'S256') throw errors.badParameter('code_challenge_method');
    },

    /** The code sent back to the client: who consented, for which request. */
    issueCode(p: AuthorizeParams, identity: SandboxIdentity, issuer: string): Promise<string> {
      return new SignJWT({
        email: identity.email.trim().toLowerCase(),
        given_name: identity.givenName,
        family_name: identity.familyName,
        email_verified: identity.emailVerified,
        nonce: p.nonce,
        redirect_uri: p.redirect_uri,
        code_challenge: p.code_challenge,
      })
        .setProtectedHeader({ alg: 'RS256', kid: keys.kid, typ: 'sandbox-code+jwt' })
        .setIssuer(issuer)
        .setAudience(`${issuer}/token:${p.client_id}`)
        .setJti(base64url(randomBytes(12)))
        .setIssuedAt()
        .setExpirationTime(`${CODE_TTL_S}s`)
        .sign(keys.privateKey);
    },

    /** The token endpoint: a valid, unused code with its PKCE verifier gives an ID token for the client. */
    async redeem(p: TokenParams, issuer: string) {
      if (p.grant_type !== 'authorization_code') throw errors.badParameter('grant_type');
      const code = await jwtVerify(p.code, keys.keys, {
        issuer,
        audience: `${issuer}/token:${p.client_id}`,
        typ: 'sandbox-code+jwt',
      }).catch(() => null);
      const claims = code?.payload;
      if (!claims?.jti || !claims.exp || claims.redirect_uri !== p.redirect_uri) throw errors.invalidGrant();
      const challenge = base64url(createHash('sha256').update(p.code_verifier).digest());
      if (challenge !== claims.code_challenge) throw errors.invalidGrant();
      const now = Date.now();
      forgetExpired(now);
      if (usedCodes.has(claims.jti)) throw errors.invalidGrant();
      usedCodes.set(claims.jti, claims.exp * 1000);
      const email = String(claims.email);
      const idToken = await new SignJWT({
        azp: p.client_id,
        email,
        email_verified: claims.email_verified === true,
        given_name: claims.given_name,
        family_name: claims.family_name,
        name: `${claims.given_name ?? ''} ${claims.family_name ?? ''}`.trim(),
        nonce: claims.nonce,
      })
        .setProtectedHeader({ alg: 'RS256', kid: keys.kid, typ: 'JWT' })
        .setIssuer(issuer)
        .setSubject(subjectOf(email))
        .setAudience(p.client_id)
        .setIssuedAt()
        .setExpirationTime(`${ID_TOKEN_TTL_S}s`)
        .sign(keys.privateKey);
      return {
        access_token: base64url(randomBytes(24)),
        token_type: 'Bearer' as const,
        expires_in: ID_TOKEN_TTL_S,
        scope: 'openid email profile',
        id_token: idToken,
      };
    },
  };
}
export type IdentitySandbox = ReturnType<typeof createIdentitySandbox>;
