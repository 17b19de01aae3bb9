import type { ConsolePermission } from '@sideline/contract/console';
import { roleAllows } from '@sideline/contract/console';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ChannelService } from '../channel';
import type { KeysService } from '../keys';
import type { Actor } from './audit.repository';
import { consoleErrors } from './console.errors';
import type { ConsoleService, Staff } from './console.service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A console call: what it needs of the caller's role (`read`, `write`, `manage`, `platform`), or `staff` for any
     * role at all (who am I).
     */
    console?: ConsolePermission | 'staff';
  }
  interface FastifyRequest {
    /** The console's caller, on console calls: set by the one role check below. */
    staff: Staff | null;
  }
}

/** The api key of a console call: in the query for reads, in the body or the query for writes (spec section 7). */
function apiKeyOf(request: FastifyRequest): string | undefined {
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.api_key;
  const fromBody = (request.body as Record<string, unknown> | undefined | null)?.api_key;
  if (typeof fromBody === 'string') return fromBody;
  return typeof fromQuery === 'string' ? fromQuery : undefined;
}

/**
 * A console route's options for what it needs: the config the role check reads, and the same permission in its
 * OpenAPI operation (`x-console-permission`), so the document and the check can never disagree.
 */
export const consoleRoute = (permission: ConsolePermission | 'staff') => ({
  config: { console: permission },
  schema: { 'x-console-permission': permission },
});

/** Who made a console change, for its audit entry. */
export const actorOf = (request: FastifyRequest): Actor => {
  const staff = request.staff;
  if (!staff) throw consoleErrors.roleRequired();
  return { id: staff.id, email: staff.email, role: staff.role, address: request.ip };
};

/**
 * The console's one role check, for every route whose config names a `console` permission. The caller must hold an
 * api key of a signed-in account of the channel the host names, and that account a role that grants the permission
 * (`roleAllows`). A guest, a fan, a role short of the permission, and another channel's account (on its own host or
 * this one) all get the same 403, before the body or query is validated: no one without the right learns what exists.
 */
async function consoleAccess(
  app: FastifyInstance,
  opts: { channels: ChannelService; keys: KeysService; console: ConsoleService },
) {
  app.decorateRequest('staff', null);
  app.addHook('preValidation', async (request) => {
    const needs = request.routeOptions.config.console;
    if (!needs) return;
    const channel = await opts.channels.byHost(request.hostname);
    const session = await opts.keys.verify(apiKeyOf(request)).catch(() => null);
    if (!session?.userId || session.channelId !== channel.id) throw consoleErrors.roleRequired();
    const staff = await opts.console.staffOf(session.userId, channel.id);
    if (!staff || (needs !== 'staff' && !roleAllows(staff.role, needs))) throw consoleErrors.roleRequired();
    request.channel = channel;
    request.session = session;
    request.staff = staff;
  });
}

export const consoleAccessPlugin = fp(consoleAccess, { name: 'console-access', dependencies: ['request-context'] });
