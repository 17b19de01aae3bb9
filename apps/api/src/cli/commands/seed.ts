import { inArray } from 'drizzle-orm';
import { channels } from '../../modules/channel/channel.table';
import { writeArtwork } from '../../seed/artwork';
import { demoChannels } from '../../seed/demo-channels';
import { seedAnchor } from '../../seed/ensure-demo';
import { seedChannel } from '../../seed/seed-channel';
import { CommandRefused, defineCommand, UsageError } from './command';
import { parseOptions } from './parse-options';

/**
 * Creates the demo channels. `--events N` sizes the `localhost` channel's schedule (e.g. 1000000 for scale tests);
 * `--reset` first deletes existing demo channels and everything that belongs to them.
 */
export const seed = defineCommand({
  name: 'seed',
  usage: 'seed [--events <count>] [--reset]',
  parse(argv) {
    const values = parseOptions(argv, { events: { type: 'string' }, reset: { type: 'boolean', default: false } });
    const events = values.events === undefined ? undefined : Number(values.events);
    if (events !== undefined && (!Number.isInteger(events) || events < 0)) {
      throw new UsageError('--events takes a whole number, e.g. --events 1000000');
    }
    return { events, reset: values.reset ?? false };
  },
  async run({ db, config, hasher }, args, output) {
    const seeds = demoChannels({ events: args.events ?? config.SEED_EVENTS });
    const slugs = seeds.map((s) => s.slug);
    const existing = await db.select({ slug: channels.slug }).from(channels).where(inArray(channels.slug, slugs));
    if (existing.length && !args.reset) {
      throw new CommandRefused(
        `The demo channels exist already (${existing.map((e) => e.slug).join(', ')}); pass --reset to recreate them.`,
      );
    }
    if (existing.length) await db.delete(channels).where(inArray(channels.slug, slugs));
    const anchor = seedAnchor();
    for (const one of seeds) {
      const started = Date.now();
      const result = await seedChannel(db, one, { anchor, hasher });
      await writeArtwork(one, config.mediaDir);
      output.out(`${one.slug}: ${result.events} events in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  },
});
