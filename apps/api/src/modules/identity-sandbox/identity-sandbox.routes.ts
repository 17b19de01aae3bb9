import { randomBytes } from 'node:crypto';
import { text } from '@sideline/contract/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, neverStore } from '../../lib/route-helpers';
import type { ChannelService } from '../channel';
import { authorizePage } from './authorize-page';
import { identitySandboxErrors } from './identity-sandbox.errors';
import { type IdentitySandbox, IDENTITY_SANDBOX_PATH as P } from './identity-sandbox.service';

const tags = ['identity-sandbox'];
const errors = errorResponses(400, 404);
const param = (max: number) => text().max(max);
// Google's authorization endpoint takes more parameters (prompt, login_hint, …): the others are ignored.
const authorizeQuery = z.object({
  client_id: param(200),
  redirect_uri: param(2000),
  response_type: param(50),
  scope: param(200),
  state: param(500).default(''),
  nonce: text().min(16).max(128),
  code_challenge: text().min(43).max(128),
  code_challenge_method: param(10),
});
const consentBody = authorizeQuery.extend({
  decision: z.enum(['allow', 'deny']),
  email: z.email().max(254).optional(),
  given_name: param(100).optional(),
  family_name: param(100).optional(),
  email_verified: z.literal('true').optional(),
});
const tokenBody = z.object({
  grant_type: param(50),
  code: param(4000),
  redirect_uri: param(2000),
  client_id: param(200),
  code_verifier: text().min(43).max(128),
});

const discoverySchema = z.looseObject({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  jwks_uri: z.string(),
});
const jwksSchema = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });
const tokenSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number(),
  scope: z.string(),
  id_token: z.string(),
});

/**
 * The sandbox identity provider's endpoints, outside `/api` as accounts.google.com is outside the site. It serves
 * only channels that have no Google client of their own; the issuer is the channel site's public origin.
 */
export const identitySandboxRoutes: FastifyPluginAsyncZod<{
  sandbox: IdentitySandbox;
  channels: ChannelService;
}> = async (app, { sandbox, channels }) => {
  // The consent page's buttons are plain HTML forms, and OAuth clients post the token request as a form.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  neverStore(app);

  /** The channel's sandbox client and issuer; a channel with a real Google client has no sandbox. */
  const context = async (request: FastifyRequest) => {
    const channel = request.channel;
    if (channel.extras.providers.googleClientId) return null;
    const origin = await channels.publicOrigin(channel, request);
    return { channel, origin, issuer: sandbox.issuerOf(origin), clientId: sandbox.clientIdFor(channel) };
  };

  app.get(
    `${P}/.well-known/openid-configuration`,
    {
      config: { access: 'host' },
      schema: { operationId: 'identitySandboxDiscovery', tags, response: { 200: discoverySchema, ...errors } },
    },
    async (request, reply) => {
      const ctx = await context(request);
      if (!ctx) return reply.callNotFound();
      return sandbox.discovery(ctx.issuer);
    },
  );

  app.get(
    `${P}/jwks`,
    {
      config: { access: 'host' },
      schema: { operationId: 'identitySandboxKeys', tags, response: { 200: jwksSchema, ...errors } },
    },
    async (request, reply) => {
      if (!(await context(request))) return reply.callNotFound();
      return sandbox.jwks();
    },
  );

  app.get(
    `${P}/authorize`,
    {
      config: { access: 'host' },
      schema: {
        operationId: 'identitySandboxAuthorizePage',
        tags,
        summary: 'The sandbox sign-in and consent page (OpenID Connect authorization request, code flow + PKCE)',
        querystring: authorizeQuery,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const ctx = await context(request);
      if (!ctx) return reply.callNotFound();
      sandbox.checkAuthorize(request.query, ctx);
      reply.type('text/html; charset=utf-8');
      return authorizePage({
        action: `${P}/authorize`,
        params: request.query,
        channelName: ctx.channel.name,
        suggestedEmail: `new.fan.${randomBytes(3).toString('hex')}@sandbox.example`,
      });
    },
  );

  app.post(
    `${P}/authorize`,
    {
      config: { access: 'host' },
      schema: {
        operationId: 'identitySandboxConsent',
        tags,
        summary: 'The tester’s answer: 303 back to the client with a code (or access_denied) and the state',
        body: consentBody,
        response: { 303: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const ctx = await context(request);
      if (!ctx) return reply.callNotFound();
      const { decision, email, given_name, family_name, email_verified, ...params } = request.body;
      sandbox.checkAuthorize(params, ctx);
      const back = new URL(params.redirect_uri);
      if (decision === 'deny') back.searchParams.set('error', 'access_denied');
      else {
        if (!email) throw identitySandboxErrors.badParameter('email');
        const identity = {
          email,
          givenName: given_name ?? '',
          familyName: family_name ?? '',
          emailVerified: email_verified === 'true',
        };
        back.searchParams.set('code', await sandbox.issueCode(params, identity, ctx.issuer));
      }
      if (params.state) back.searchParams.set('state', params.state);
      return reply.code(303).header('location', back.toString()).send(null);
    },
  );

  app.post(
    `${P}/token`,
    {
      config: { access: 'host' },
      schema: {
        operationId: 'identitySandboxToken',
        tags,
        summary: 'Exchange a code and its PKCE verifier for an RS256 ID token, as Google’s token endpoint does',
        body: tokenBody,
        response: { 200: tokenSchema, ...errors },
      },
    },
    async (request, reply) => {
      const ctx = await context(request);
      if (!ctx) return reply.callNotFound();
      return sandbox.redeem(request.body, ctx.issuer);
    },
  );
};
