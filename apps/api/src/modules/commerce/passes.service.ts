import type { Pass } from '@sideline/contract/commerce';
import type { PassKind } from '@sideline/contract/enums';
import { AppError } from '../../lib/app-error';
import type { Cache } from '../../lib/cache';
import type { Channel } from '../channel/channel.service';
import type { PassesRepository } from './passes.repository';

export const passErrors = {
  notFound: () => new AppError({ status: 404, code: 'pass_not_found' }),
};

export function createPassesService({ repo, cache }: { repo: PassesRepository; cache: Cache }) {
  const list = (channel: Channel, kind: PassKind) =>
    cache.get(`ch:${channel.id}:passes:${kind}`, () => repo.list(channel.id, kind, channel.currency));
  return {
    list,
    async page(channel: Channel, kind: PassKind, offset: number, limit: number | undefined) {
      const all = await list(channel, kind);
      const take = limit ?? all.length;
      return { data: all.slice(offset, offset + take), meta: { total: all.length, offset, limit: take } };
    },
    async get(channel: Channel, kind: PassKind, id: number): Promise<Pass> {
      const pass = (await list(channel, kind)).find((p) => p.id === id);
      if (!pass) throw passErrors.notFound();
      return pass;
    },
  };
}
export type PassesService = ReturnType<typeof createPassesService>;
