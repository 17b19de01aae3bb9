import type { ChannelFile } from '@sideline/contract/channel';

/** The channel settings file, read once at startup; everything after it (API host, keys, providers) comes from it. */
let file: ChannelFile | null = null;

export function setChannelFile(next: ChannelFile) {
  file = next;
}

export function channelFile(): ChannelFile {
  if (!file) throw new Error('The channel file is read before startup loaded it');
  return file;
}
