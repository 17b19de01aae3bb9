import type { Command } from './command';
import { createUser } from './create-user';
import { refund } from './refund';
import { seed } from './seed';
import { streamKey } from './stream-key';

/**
 * Every operator command, by name: the command line (`node dist/cli/<name>.js`) and the running server's socket
 * run the same ones. Adding a command is its file in this folder and its line here; build.mjs makes its entry.
 */
const COMMANDS: Command[] = [createUser, refund, seed, streamKey];

export const commandNames = () => COMMANDS.map((c) => c.name);
export const commandNamed = (name: string) => COMMANDS.find((c) => c.name === name);
