import type { FastifyBaseLogger } from 'fastify';
import { buildServices } from '../../composition/services';
import { ConfigError, loadConfig } from '../../config/env';
import { StartupError } from '../../config/startup-checks';
import { lockHolderOf } from '../../db/data-folder-lock';
import { openAppDatabase } from '../../db/open-app-database';
import { standaloneHost } from '../../lib/service-host';
import type { CommandResult } from './command';
import { commandSocketPath, sendCommand } from './command-socket';
import { parseCommand, runCommand } from './run-command';

/** A command's own process logs only what goes wrong, one line on stderr (its output is its result). */
const toStderr = (obj: unknown, msg?: string) =>
  console.error(msg ?? obj, (obj as { err?: Error } | undefined)?.err?.message ?? '');
const quiet = () => undefined;
const commandLog = {
  level: 'warn',
  fatal: toStderr,
  error: toStderr,
  warn: toStderr,
  info: quiet,
  debug: quiet,
  trace: quiet,
  silent: quiet,
  child: () => commandLog,
} as unknown as FastifyBaseLogger;

/**
 * Runs a command from the command line (`node dist/cli/<name>.js …`): the arguments are read first (a usage
 * error writes nothing); then, when a live server holds the embedded database, the server runs it through its
 * socket; otherwise this process opens the database itself and builds the same services.
 */
export async function runCli(name: string, argv: string[]): Promise<number> {
  const parsed = parseCommand(name, argv);
  const result = typeof parsed === 'function' ? await runParsed(name, argv, parsed) : parsed;
  for (const line of result.out) console.log(line);
  for (const line of result.err) console.error(line);
  return result.code;
}

async function runParsed(
  name: string,
  argv: string[],
  parsed: Parameters<typeof runCommand>[1],
): Promise<CommandResult> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) return { code: 2, out: [], err: [err.message] };
    throw err;
  }
  if (!config.DATABASE_URL) {
    const server = await lockHolderOf(config.dataDir);
    if (server !== null) {
      try {
        return await sendCommand(commandSocketPath(config.dataDir), name, argv);
      } catch (err) {
        const why = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
        return {
          code: 1,
          out: [],
          err: [
            `The data folder ${config.dataDir} is in use by process ${server}, which takes no commands (${why}): wait until it has started, or stop it.`,
          ],
        };
      }
    }
  }
  let database: Awaited<ReturnType<typeof openAppDatabase>>;
  try {
    database = await openAppDatabase(config);
  } catch (err) {
    if (err instanceof StartupError) return { code: 1, out: [], err: [err.message] };
    throw err;
  }
  // This process runs no jobs: what the command queues is left for the servers' workers.
  const host = standaloneHost(commandLog);
  try {
    const services = await buildServices({
      config: { ...config, JOBS_WORKER: false },
      database,
      host,
      postWebhook: async () => 503,
    });
    return await runCommand(services, parsed);
  } finally {
    await host.close();
    await database.close();
  }
}
