import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { channels } from '../../modules/channel/channel.table';
import { CommandRefused, defineCommand, UsageError } from './command';
import { parseOptions } from './parse-options';

/**
 * Prints a game's stream key and its publish addresses (RTMP, and SRT) for the channel's operator to paste into
 * OBS, vMix or a camera; `--rotate` replaces the key first, so the old one is refused from the next publish on.
 * `--json` prints the same fields as the operator-token call (`GET /api/operator/events/{id}/stream-key`).
 */
export const streamKey = defineCommand({
  name: 'stream-key',
  usage: 'stream-key --channel <slug> --event <id> [--rotate] [--json]',
  parse(argv) {
    const values = parseOptions(argv, {
      channel: { type: 'string' },
      event: { type: 'string' },
      rotate: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    });
    const eventId = Number(values.event);
    if (!values.channel || !Number.isInteger(eventId) || eventId <= 0 || eventId > 2_147_483_647) {
      throw new UsageError('Give --channel, a channel slug, and --event, a whole game id.');
    }
    return { channel: values.channel, eventId, rotate: values.rotate === true, json: values.json === true };
  },
  async run({ db, streamKeys }, args, output) {
    const [channel] = await db.select().from(channels).where(eq(channels.slug, args.channel)).limit(1);
    if (!channel) throw new CommandRefused(`No channel "${args.channel}".`);
    let key: Awaited<ReturnType<typeof streamKeys.read>>;
    try {
      key = args.rotate
        ? await streamKeys.rotate(channel.id, args.eventId)
        : await streamKeys.read(channel.id, args.eventId);
    } catch (err) {
      if (err instanceof AppError && err.status === 404) {
        throw new CommandRefused(`No game ${args.eventId} on ${channel.slug}.`);
      }
      throw err;
    }
    if (args.json) return output.out(JSON.stringify(key));
    if (args.rotate) output.out(`Rotated: the previous key of game ${args.eventId} is refused from now on.`);
    output.out(`Game ${args.eventId} on ${channel.slug}`);
    output.out(`  RTMP URL:   ${key.rtmp_url}`);
    output.out(`  Server:     ${key.rtmp_server}   (OBS: Settings > Stream > Service "Custom...")`);
    output.out(`  Stream key: ${key.key}`);
    output.out(`  SRT URL:    ${key.srt_url}`);
    output.out('Keep the key secret: whoever has it can broadcast as this game.');
  },
});
