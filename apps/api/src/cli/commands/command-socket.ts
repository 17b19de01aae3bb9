import { chmod, unlink } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { Services } from '../../composition/services';
import type { CommandResult } from './command';
import { parseCommand, runCommand } from './run-command';

/** The socket's file in the data folder: only a process that can read the data folder reaches it. */
export const commandSocketPath = (dataDir: string) => path.join(dataDir, 'sideline.sock');

/** One request per connection: a JSON line `{"command": "refund", "args": ["--order", "42"]}`. */
const requestSchema = z.object({ command: z.string().min(1).max(64), args: z.array(z.string().max(4096)).max(64) });
const resultSchema = z.object({ code: z.number().int(), out: z.array(z.string()), err: z.array(z.string()) });
const MAX_REQUEST_BYTES = 64 * 1024;

type Log = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** What the socket answers a request: the command's result, or why it was refused (exit code 2). */
export async function answer(services: Services, line: string, log: Log): Promise<CommandResult> {
  let request: z.infer<typeof requestSchema>;
  try {
    request = requestSchema.parse(JSON.parse(line));
  } catch {
    return { code: 2, out: [], err: ['Malformed request: expected {"command": "<name>", "args": ["..."]}.'] };
  }
  const parsed = parseCommand(request.command, request.args);
  if (typeof parsed !== 'function') return parsed;
  const started = Date.now();
  try {
    const result = await runCommand(services, parsed);
    // The arguments are not logged: create-user's carry a password.
    log.info({ command: request.command, code: result.code, ms: Date.now() - started }, 'command run');
    return result;
  } catch (err) {
    log.error({ err, command: request.command }, 'command failed');
    return { code: 1, out: [], err: [`${request.command} failed: ${(err as Error).message}`] };
  }
}

/**
 * The running server's door for commands (docs/decisions/0015-commands-through-a-local-socket.md): a Unix socket in
 * the data folder, mode 0600, where a command run beside the server sends its request and the server runs it with
 * its own services. Only the process holding the data folder's lock listens, so a socket file left there is stale.
 */
export async function listenForCommands({ dataDir, services, log }: { dataDir: string; services: Services; log: Log }) {
  const socketPath = commandSocketPath(dataDir);
  await unlink(socketPath).catch(() => undefined);
  const server = createServer((conn) => {
    let buffer = '';
    conn.setEncoding('utf8');
    const reply = (result: CommandResult) => conn.end(`${JSON.stringify(result)}\n`);
    conn.on('data', (chunk: string) => {
      buffer += chunk;
      const end = buffer.indexOf('\n');
      if (end === -1 && buffer.length <= MAX_REQUEST_BYTES) return;
      conn.removeAllListeners('data');
      if (end === -1) return reply({ code: 2, out: [], err: ['Malformed request: longer than 64 KiB.'] });
      void answer(services, buffer.slice(0, end), log).then(reply);
    });
    conn.on('error', () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, resolve);
  });
  await chmod(socketPath, 0o600);
  return {
    socketPath,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await unlink(socketPath).catch(() => undefined);
    },
  };
}

/** Sends a command to the server listening at `socketPath`: its result, as if it had run here. */
export function sendCommand(socketPath: string, command: string, args: string[]): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const conn = createConnection(socketPath);
    let text = '';
    conn.setEncoding('utf8');
    conn.on('connect', () => conn.write(`${JSON.stringify({ command, args })}\n`));
    conn.on('data', (chunk: string) => {
      text += chunk;
    });
    conn.on('error', reject);
    conn.on('end', () => {
      try {
        resolve(resultSchema.parse(JSON.parse(text)));
      } catch {
        reject(new Error('The server answered the command with something unreadable.'));
      }
    });
  });
}
