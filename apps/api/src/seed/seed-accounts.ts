import { BASIC_PASS_FIELD, PASSES_FORM_ALIAS } from '@sideline/contract/custom-forms';
import type { FavoriteType } from '@sideline/contract/enums';
import type { Db } from '../db/client';
import { users } from '../modules/auth/users.table';
import { customFormValues } from '../modules/custom-forms/custom-form-values.table';
import { favorites } from '../modules/favorites/favorites.table';
import { teamAlias } from './artwork';
import type { TeamRef } from './schedule';
import { insertPaidSubscription } from './seed-paid-subscription';
import type { SeededPass } from './seed-passes';
import type { ChannelSeed, DemoUserSeed } from './types';

type Catalogue = {
  channelId: number;
  sportId: Map<string, number>;
  groupId: Map<string, number>;
  teams: TeamRef[];
  passes: SeededPass[];
};

/** A channel's catalogue by alias: what a demo account's favorites name. */
export type FavoriteTargets = {
  sportId: Map<string, number>;
  groupId: Map<string, number>;
  /** Teams by `teamAlias(school, sport, gender)`, the alias their participant row has. */
  teamId: Map<string, number>;
};

/** The ids of what a demo account follows, resolved from its aliases; an unknown alias is a seed mistake. */
export function favoriteRows(userId: number, wanted: DemoUserSeed['favorites'], c: FavoriteTargets) {
  const resolve = (type: FavoriteType, key: string, id: number | undefined) => {
    if (!id) throw new Error(`a demo favorite names an unknown ${type}: ${key}`);
    return { userId, favoritableType: type, favoritableId: id };
  };
  return [
    ...(wanted?.schools ?? []).map((s) => resolve('participant_group', s, c.groupId.get(s))),
    ...(wanted?.sports ?? []).map((s) => resolve('event_category', s, c.sportId.get(s))),
    ...(wanted?.teams ?? []).map((t) => {
      const alias = teamAlias(t.school, t.sport, t.gender);
      return resolve('participant', alias, c.teamId.get(alias));
    }),
  ];
}

/** Inserts the demo accounts: verified, with their basic-pass choice, favorites and paid subscription. */
export async function insertAccounts(
  tx: Db,
  seed: ChannelSeed,
  { anchor, passwordHashes, ...catalogue }: Catalogue & { anchor: Date; passwordHashes: string[] },
) {
  const { channelId } = catalogue;
  const targets: FavoriteTargets = {
    sportId: catalogue.sportId,
    groupId: catalogue.groupId,
    teamId: new Map(catalogue.teams.map((r) => [teamAlias(r.school.alias, r.sport.alias, r.gender), r.id])),
  };
  for (const [i, u] of seed.users.entries()) {
    const [user] = await tx
      .insert(users)
      .values({
        channelId,
        email: u.email,
        firstName: u.firstName,
        lastName: u.lastName,
        language: seed.language,
        passwordHash: passwordHashes[i] ?? null,
        temporaryPassword: u.temporaryPassword ?? false,
        emailVerifiedAt: anchor,
        termsAcceptedAt: anchor,
        // A paying subscriber has had the one trial an account gets.
        trialPeriodUsed: Boolean(u.paidSubscription),
        role: u.role ?? null,
      })
      .returning({ id: users.id });
    if (!user) throw new Error('insert returned no user');
    if (u.basicPass) {
      await tx
        .insert(customFormValues)
        .values({ userId: user.id, alias: PASSES_FORM_ALIAS, name: BASIC_PASS_FIELD, value: 1 });
    }
    const follows = favoriteRows(user.id, u.favorites, targets);
    if (follows.length) await tx.insert(favorites).values(follows.map((f) => ({ ...f, createdAt: anchor })));
    if (u.paidSubscription) {
      const pass = catalogue.passes.find((p) => p.name === u.paidSubscription);
      if (!pass) throw new Error(`a demo account names an unknown pass: ${u.paidSubscription}`);
      await insertPaidSubscription(tx, {
        slug: seed.slug,
        channelId,
        currency: seed.currency,
        user: { id: user.id, email: u.email },
        pass,
        anchor,
      });
    }
  }
}
