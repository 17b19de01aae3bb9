import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/env';
import { openAppDatabase } from './db/open-app-database';
import { ensureDemo } from './seed/ensure-demo';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const database = await openAppDatabase(config);
  const app = await buildApp({ config, database });
  if (config.SEED_DEMO) {
    await ensureDemo({
      db: database.db,
      config,
      log: app.log,
      media: { repo: app.media.repo, paths: app.media.paths, jobs: app.jobs },
    });
  }

  closeWithGrace({ delay: config.SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
  });

  await app.listen({ host: config.HOST, port: config.PORT });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
