import { fileURLToPath } from 'node:url';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { buildApp } from './app';
import { openDatabase } from './bootstrap';
import { DataDirLockedError } from './db/lock';
import { startScheduler } from './jobs/scheduler';
import { EnvError, loadEnv, settingWarnings, withEnvFile } from './platform/env';
import { prettyStream } from './platform/log-format';
import { createMailer } from './platform/reset-mailer';
import { startupBanner } from './startup-banner';
import { syncConfig } from './sync/opendental/config';
import { openDentalDriver } from './sync/opendental/driver';
import { scheduledSync } from './sync/opendental/scheduled';

async function main(): Promise<void> {
  const env = loadEnv(withEnvFile(process.env));
  const opened = await openDatabase(env);
  const app = await buildApp(
    {
      db: opened.db,
      env,
      tokens: opened.tokens,
      mailer: createMailer(env.smtpUrl, env.mailFrom),
      // WEB_DIST: another build of the web app, so two browser-test runs can share a checkout.
      webDist: process.env.WEB_DIST ?? fileURLToPath(new URL('../dist/web', import.meta.url)),
    },
    // JSON lines for a log collector; readable lines when a person watches the console.
    { level: env.logLevel, ...(process.stdout.isTTY ? { stream: prettyStream() } : {}) },
  );
  const scheduler = startScheduler(
    [
      scheduledSync(opened.db, syncConfig(env), openDentalDriver(env.importLimits), (reason) =>
        app.log.warn({ reason }, 'scheduled sync from Open Dental failed'),
      ),
      app.outbox.job(),
      app.backups.job((reason) => app.log.error({ reason }, 'scheduled backup failed')),
    ],
    { onError: (job, err) => app.log.error({ err }, `scheduled job ${job} failed`) },
  );
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await scheduler.stop();
    await app.close();
    await opened.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await app.listen({ port: env.port, host: env.host });
  const url = `http://${env.host === '0.0.0.0' ? 'localhost' : env.host}:${env.port}`;
  // The first admin's password is printed once, on the console only: the one time it is ever shown.
  console.log(`\n${startupBanner(url, opened.firstAdminPassword, env.logLevel, settingWarnings(env))}\n`);
}

main().catch((err: unknown) => {
  if (err instanceof EnvError || err instanceof DataDirLockedError) console.error(err.message);
  else if (err instanceof Error && 'code' in err && err.code === 'EADDRINUSE')
    console.error(`Port already in use: ${err.message}. Set PORT to another one.`);
  else {
    // Drizzle's own error spells out the statement's parameters (the JWT secret, a password hash):
    // the database's error inside it says what went wrong without them.
    const shown = err instanceof DrizzleQueryError ? err.cause : err;
    console.error('Could not start:', shown instanceof Error ? shown.message : shown);
  }
  process.exit(1);
});
