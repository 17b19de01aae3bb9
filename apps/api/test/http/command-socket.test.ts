import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandSocketPath, listenForCommands, sendCommand } from '../../src/cli/commands/command-socket';
import { API_ROOT } from '../../src/config/paths';
import { type DataFolderLock, lockDataFolder } from '../../src/db/data-folder-lock';
import { buy, type Catalogue, newBuyer, pricedGame, saveCard, seedCatalogue } from '../support/commerce';
import { caller, createTestApp, guestKey, type Inject, type TestApp } from '../support/test-app';

const run = promisify(execFile);
const quiet = { info: () => undefined, error: () => undefined };

/** A command as the operator types it (`npm run <name> -- …`), from the sources, beside the running app. */
const cli = (dataDir: string, name: string, ...args: string[]) => {
  const { DATABASE_URL: _embedded, ...env } = process.env;
  return run(process.execPath, ['--import', 'tsx', 'src/cli/command.ts', name, ...args], {
    cwd: API_ROOT,
    env: { ...env, DATA_DIR: dataDir },
  });
};

/** What the socket answers a raw request line. */
function rawRequest(socketPath: string, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const conn = createConnection(socketPath, () => conn.write(text));
    let answer = '';
    conn.setEncoding('utf8');
    conn.on('data', (chunk: string) => {
      answer += chunk;
    });
    conn.on('end', () => resolve(answer));
    conn.on('error', reject);
  });
}

describe('commands through the running server’s socket (embedded database)', () => {
  let t: TestApp;
  let call: Inject;
  let cat: Catalogue;
  let socket: Awaited<ReturnType<typeof listenForCommands>>;
  let lock: DataFolderLock;

  beforeAll(async () => {
    t = await createTestApp('pglite', { SANDBOX_SETTLE_MS: '0', AUTH_RATE_LIMIT_MAX: '1000' });
    call = caller(t.app);
    cat = await seedCatalogue(t);
    socket = await listenForCommands({ dataDir: t.dataDir, services: t.services, log: quiet });
    // As the server holds it: a command started now finds the data folder in use by a live process.
    lock = await lockDataFolder(t.dataDir);
  }, 120_000);
  afterAll(async () => {
    await lock?.release();
    await socket?.close();
    await t?.close();
  });

  it('listens in the data folder, for its owner only', async () => {
    expect(socket.socketPath).toBe(commandSocketPath(t.dataDir));
    expect((await stat(socket.socketPath)).mode & 0o777).toBe(0o600);
  });

  it('creates an account that signs in at once', async () => {
    const result = await sendCommand(socket.socketPath, 'create-user', [
      '--channel',
      'heartland',
      '--email',
      'Operator-Made@example.org',
      '--first-name',
      'Ola',
      '--password',
      'Operator-pass-1',
    ]);
    expect(result).toMatchObject({ code: 0, err: [] });
    expect(result.out[0]).toMatch(/^Created operator-made@example\.org on heartland \(id \d+\)\.$/);
    const login = await call({
      method: 'POST',
      url: '/api/v2/auth/login',
      body: { email: 'operator-made@example.org', password: 'Operator-pass-1', api_key: await guestKey(t.app) },
    });
    expect(login.statusCode).toBe(200);

    const again = await sendCommand(socket.socketPath, 'create-user', [
      '--channel',
      'heartland',
      '--email',
      'operator-made@example.org',
      '--first-name',
      'Ola',
      '--temporary-password',
    ]);
    expect(again).toEqual({
      code: 1,
      out: [],
      err: ['operator-made@example.org already has an account on heartland.'],
    });
  });

  it('refunds a paid game: the order reads Refunded and the fan loses access at once', async () => {
    const fan = await newBuyer(t, 'refunded');
    await saveCard(call, fan.key);
    const game = await pricedGame(t, 'paid');
    const bought = await buy(call, fan.key, { event_id: game.id, package_id: cat.single.id });
    expect(bought.statusCode).toBe(200);
    await t.services.payments.runDue();
    const orderId: number = bought.json().data.order_id;
    expect((await call({ url: `/api/orders/${orderId}`, key: fan.key })).json().data.status).toBe('Paid');
    expect((await call({ url: `/api/events/${game.id}`, key: fan.key })).json().data.has_access).toBe(true);

    const result = await sendCommand(socket.socketPath, 'refund', ['--order', String(orderId)]);
    expect(result.code).toBe(0);
    expect(result.out).toContain(`Order ${orderId} is now Refunded and Inactive: its access has ended.`);
    expect(result.out[0]).toMatch(
      new RegExp(`^Refunded \\d+\\.\\d\\d USD for order ${orderId} \\(refund re_\\w+\\)\\.$`),
    );
    expect((await call({ url: `/api/orders/${orderId}`, key: fan.key })).json().data.status).toBe('Refunded');
    expect((await call({ url: `/api/events/${game.id}`, key: fan.key })).json().data.has_access).toBe(false);
    expect((await call({ url: `/api/events/${game.id}/playback`, key: fan.key })).statusCode).toBe(403);

    const again = await sendCommand(socket.socketPath, 'refund', ['--order', String(orderId)]);
    expect(again).toEqual({ code: 1, out: [], err: [`Order ${orderId} is already refunded.`] });
  });

  it("prints a game's stream key and publish addresses, rotates it, and refuses another channel's game", async () => {
    const game = await pricedGame(t, 'paid');
    const args = ['--channel', 'heartland', '--event', String(game.id)];
    const shown = await sendCommand(socket.socketPath, 'stream-key', args);
    expect(shown.code).toBe(0);
    const key = shown.out.find((l) => l.includes('Stream key:'))?.split('Stream key: ')[1] as string;
    expect(key).toMatch(/^sk_[A-Za-z0-9_-]{32}$/);
    expect(shown.out).toContain(`  RTMP URL:   rtmp://localhost:1935/live/${key}`);
    expect(shown.out.some((l) => l.includes(`srt://localhost:9000?streamid=#!::r=live/${key},m=publish`))).toBe(true);

    const rotated = await sendCommand(socket.socketPath, 'stream-key', [...args, '--rotate', '--json']);
    expect(rotated.code).toBe(0);
    const json = JSON.parse(rotated.out[0] as string) as { key: string; event_id: number; rtmp_url: string };
    expect(json.event_id).toBe(game.id);
    expect(json.key).not.toBe(key);
    expect(json.rtmp_url).toBe(`rtmp://localhost:1935/live/${json.key}`);
    // The running app's own service sees the rotation at once: the printed key is the one it accepts.
    expect(await t.services.streamKeys.resolve(key)).toBeUndefined();
    expect((await t.services.streamKeys.resolve(json.key))?.eventId).toBe(game.id);

    const other = await sendCommand(socket.socketPath, 'stream-key', [
      '--channel',
      'sofia',
      '--event',
      String(game.id),
    ]);
    expect(other).toEqual({ code: 1, out: [], err: [`No game ${game.id} on sofia.`] });
    const bad = await sendCommand(socket.socketPath, 'stream-key', ['--channel', 'heartland', '--event', 'x']);
    expect(bad.code).toBe(2);
  });

  it('refuses a malformed request, an unknown command and a bad argument with a clear line', async () => {
    expect(JSON.parse(await rawRequest(socket.socketPath, 'refund 42\n'))).toEqual({
      code: 2,
      out: [],
      err: ['Malformed request: expected {"command": "<name>", "args": ["..."]}.'],
    });
    expect(JSON.parse(await rawRequest(socket.socketPath, '{"command":"refund","args":[42]}\n')).code).toBe(2);
    expect(await sendCommand(socket.socketPath, 'drop-everything', [])).toEqual({
      code: 2,
      out: [],
      err: ['Unknown command "drop-everything".'],
    });
    const bad = await sendCommand(socket.socketPath, 'refund', ['--order', 'all']);
    expect(bad).toEqual({
      code: 2,
      out: [],
      err: ['Give --order, a whole order id.', 'Usage: refund --order <order id>'],
    });
  });

  it('is where the command line sends its command while the server holds the data folder', {
    timeout: 90_000,
  }, async () => {
    const { stdout } = await cli(
      t.dataDir,
      'create-user',
      '--channel',
      'heartland',
      '--email',
      'from-the-shell@example.org',
      '--first-name',
      'Sam',
      '--temporary-password',
    );
    expect(stdout).toMatch(/^Created from-the-shell@example\.org on heartland \(id \d+\)\.$/m);
    expect(stdout).toMatch(/^Temporary password: \S+/m);
    // Made by the running app itself: its own database has the account.
    const login = await call({
      method: 'POST',
      url: '/api/v2/auth/login',
      body: {
        email: 'from-the-shell@example.org',
        password: stdout.match(/Temporary password: (\S+)/)?.[1],
        api_key: await guestKey(t.app),
      },
    });
    expect(login.statusCode).toBe(200);
  });

  it('`migrate` beside the running server says the folder is in use, in one line, with exit code 1', {
    timeout: 90_000,
  }, async () => {
    const { DATABASE_URL: _embedded, ...env } = process.env;
    const failed = await run(process.execPath, ['--import', 'tsx', 'src/cli/migrate.ts'], {
      cwd: API_ROOT,
      env: { ...env, DATA_DIR: t.dataDir },
    }).catch((err) => err);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/^The data folder .+ is in use by another Sideline process \(pid \d+\)/);
    expect(failed.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('a command with a bad argument', () => {
  it('exits with code 2 and its usage, and writes nothing', { timeout: 90_000 }, async () => {
    const dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'sideline-cmd-')), 'data');
    try {
      const failed = await cli(dataDir, 'refund', '--order', 'yesterday').catch((err) => err);
      expect(failed.code).toBe(2);
      expect(failed.stderr).toBe('Give --order, a whole order id.\nUsage: refund --order <order id>\n');
      expect(failed.stdout).toBe('');
      await expect(stat(dataDir)).rejects.toThrow(/ENOENT/);
    } finally {
      await rm(path.dirname(dataDir), { recursive: true, force: true });
    }
  });
});
