import type { Services } from '../../composition/services';

/** What a command prints: lines for stdout and stderr, carried back whole through the socket. */
export type Output = { out(line: string): void; err(line: string): void };

/** A wrong or missing argument: the usage is printed, the exit code is 2, and nothing was opened or written. */
export class UsageError extends Error {}

/** A refusal the operator can act on (an unknown order, an existing account): its line, exit code 1. */
export class CommandRefused extends Error {}

/** A command with its arguments read, ready to run with the services of whichever process runs it. */
export type ParsedCommand = (services: Services, output: Output) => Promise<void>;

/** An operator's command, as the registry, the command line and the socket know it. */
export type Command = { name: string; usage: string; parse(argv: string[]): ParsedCommand };

/**
 * An operator's command: `parse` reads the arguments before anything is opened (a UsageError otherwise); `run` does
 * the work with the services of whichever process runs it: the running server's (through its socket) or its own.
 */
export function defineCommand<Args>(spec: {
  name: string;
  usage: string;
  parse(argv: string[]): Args;
  run(services: Services, args: Args, output: Output): Promise<void>;
}): Command {
  return {
    name: spec.name,
    usage: spec.usage,
    parse(argv) {
      const args = spec.parse(argv);
      return (services, output) => spec.run(services, args, output);
    },
  };
}

export type CommandResult = { code: number; out: string[]; err: string[] };
