import type { Services } from '../../composition/services';
import { CommandRefused, type CommandResult, type ParsedCommand, UsageError } from './command';
import { commandNamed } from './registry';

/**
 * Reads a command's arguments: its typed arguments, or the result to print (an unknown command or a usage error,
 * exit code 2) without anything opened.
 */
export function parseCommand(name: string, argv: string[]): ParsedCommand | CommandResult {
  const command = commandNamed(name);
  if (!command) return { code: 2, out: [], err: [`Unknown command "${name}".`] };
  try {
    return command.parse(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    return { code: 2, out: [], err: [err.message, `Usage: ${command.usage}`] };
  }
}

/** Runs a parsed command with these services, its output gathered; a refusal is exit code 1, a failure throws. */
export async function runCommand(services: Services, command: ParsedCommand): Promise<CommandResult> {
  const result: CommandResult = { code: 0, out: [], err: [] };
  try {
    await command(services, { out: (line) => result.out.push(line), err: (line) => result.err.push(line) });
  } catch (err) {
    if (!(err instanceof CommandRefused)) throw err;
    result.err.push(err.message);
    result.code = 1;
  }
  return result;
}
