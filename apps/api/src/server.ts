import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig } from './config/env';
import { checkDataFolderWritable, checkPortFree, portError, StartupError } from './config/startup-checks';
import { guardUnhandledRejections } from './lib/process-guards';

async function main() {
  const config = loadConfig();
  // What the operator can get wrong is checked before the slow part (opening and migrating the database,
  // 10-80 s): a taken port or an unwritable folder is one line at once, not a stack a minute later.
  await checkDataFolderWritable(config.dataDir, [config.pgliteDir, config.mediaDir, config.outboxDir]);
  await checkPortFree(config.HOST, config.PORT);
  // The app is loaded after the checks (it takes seconds to load; a failed check should not wait for it) and
  // while the database opens, which takes the data folder's lock first.
  const loading = Promise.all([import('./app'), import('./seed/ensure-demo')]);
  loading.catch(() => undefined);
  const { openAppDatabase } = await import('./db/open-app-database');
  const database = await openAppDatabase(config);
  const [{ buildApp }, { ensureDemo }] = await loading;
  const { app, services } = await buildApp({ config, database });
  if (config.SEED_DEMO) {
    await ensureDemo({
      db: database.db,
      config,
      log: app.log,
      media: { repo: services.media.repo, paths: services.media.paths, jobs: services.jobs },
    });
  }

  // On the embedded database only this process may open the data folder: operators' commands come through its socket.
  let commands: { close(): Promise<void> } | undefined;
  closeWithGrace({ delay: config.SHUTDOWN_GRACE_MS, skip: ['unhandledRejection'] }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await commands?.close();
    await app.close();
    await database.close();
  });
  guardUnhandledRejections(app.log);

  try {
    await app.listen({ host: config.HOST, port: config.PORT });
  } catch (err) {
    // Taken in the meantime: close what was opened (the data folder's lock among it) before saying so.
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw portError(err as NodeJS.ErrnoException, config.HOST, config.PORT);
  }
  if (database.kind === 'pglite') {
    const { listenForCommands } = await import('./cli/commands/command-socket');
    // Serving matters more than the socket (a data folder path too long for a socket, say): commands then say so.
    commands = await listenForCommands({ dataDir: config.dataDir, services, log: app.log }).catch((err) => {
      app.log.warn({ err }, 'commands socket not opened: commands cannot run while this server runs');
      return undefined;
    });
  }
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof StartupError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
