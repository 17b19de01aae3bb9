/**
 * The channel module's public entry: what other modules use of it. Its tables are the database schema's and are
 * imported from their own files.
 */

export type { ChannelRepository, ChannelRow } from './channel.repository';
export type { Channel, ChannelService } from './channel.service';
