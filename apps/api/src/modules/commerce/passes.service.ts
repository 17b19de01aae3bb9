import type { Pass } from '@sideline/contract/commerce';
import type { PassKind } from '@sideline/contract/enums';
import { type OrderLike, passOverlay } from '@sideline/contract/rules/purchased';
import type { Cache } from '../../lib/cache';
import type { Channel } from '../channel';
import { passErrors } from './commerce.errors';
import type { PassesRepository } from './passes.repository';

/** A signed-in caller's view of the passes: what their active paid orders already cover. */
export const personalise = (passes: Pass[], orders: readonly OrderLike[]): Pass[] =>
  passes.map((p) => ({ ...p, ...passOverlay(p, orders) }));

export function createPassesService({ repo, cache }: { repo: PassesRepository; cache: Cache }) {
  const list = (channel: Channel, kind: PassKind) =>
    cache.get(`ch:${channel.id}:passes:${kind}`, async () => {
      const rows = await repo.list(channel.id, kind, channel.currency);
      if (kind !== 'package') return rows;
      // The channel's add-ons are offered with every package that is not an add-on itself.
      const addOns = rows.filter((p) => p.pass_type === 'addition').map((p) => p.id);
      return rows.map((p) => (p.pass_type === 'addition' ? p : { ...p, additional: addOns }));
    });
  return {
    list,
    async page(
      channel: Channel,
      kind: PassKind,
      offset: number,
      limit: number | undefined,
      orders?: readonly OrderLike[],
    ) {
      const listed = await list(channel, kind);
      const all = orders ? personalise(listed, orders) : listed;
      const take = limit ?? all.length;
      return { data: all.slice(offset, offset + take), meta: { total: all.length, offset, limit: take } };
    },
    async get(channel: Channel, kind: PassKind, id: number, orders?: readonly OrderLike[]): Promise<Pass> {
      const pass = (await list(channel, kind)).find((p) => p.id === id);
      if (!pass) throw passErrors.notFound();
      return orders ? (personalise([pass], orders)[0] as Pass) : pass;
    },
  };
}
export type PassesService = ReturnType<typeof createPassesService>;
