import { conferenceChannel } from './demo/conference';
import { sofiaChannel } from './demo/sofia';
import type { ChannelSeed } from './types';

/** The two demo channels; `events` sizes the `localhost` channel's schedule. */
export function demoChannels({ events }: { events: number }): ChannelSeed[] {
  return [{ ...conferenceChannel, events: { ...conferenceChannel.events, count: events } }, sofiaChannel];
}
