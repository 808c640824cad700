import { resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';
import { E2E_APP_URL, IDP_ISSUER, IDP_NAME } from './e2e/identity-provider-address';
import { E2E_DATA_DIR, E2E_PORT, SMTP_SINK_HEALTH_PORT, SMTP_SINK_URL } from './e2e/smtp-sink-address';
import { TEST_CLIENT } from './server/test/oidc-accounts';

// Browser tests run the real server (built web app + API) on its own port against a fresh
// embedded database each run; with DATABASE_URL set they run against that PostgreSQL instead,
// which is why every test makes its own uniquely named users.
// E2E_PORT and E2E_DATA_DIR let two runs share a machine.
const PORT = E2E_PORT;
const DATA_DIR = E2E_DATA_DIR;

// Build first so the server serves the current web code; E2E_SKIP_BUILD=1 reuses dist/web.
// A run on another port builds into its own folder, so a parallel run never serves a half-built app.
const WEB_DIST = resolve(PORT === 3100 ? 'dist/web' : `.tmp/e2e-web-${PORT}`);
const build =
  process.env.E2E_SKIP_BUILD === '1'
    ? ''
    : `npx vite build --config web/vite.config.ts --logLevel warn --outDir ${WEB_DIST} --emptyOutDir && `;

const env: Record<string, string> = {
  PORT: String(PORT),
  HOST: '127.0.0.1',
  DATA_DIR,
  ADMIN_PASSWORD: 'admin-pass',
  RESET_TOKEN_IN_RESPONSE: 'true',
  LOG_LEVEL: 'warn',
  WEB_DIST,
  // A real mail server on loopback (e2e/smtp-sink.ts): what the app sends lands in e2e/mailbox.ts.
  SMTP_URL: SMTP_SINK_URL,
  // Single sign-on through the tests' own identity provider (e2e/identity-provider.ts).
  APP_URL: E2E_APP_URL,
  OIDC_ISSUER: IDP_ISSUER,
  OIDC_CLIENT_ID: TEST_CLIENT.id,
  OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
  OIDC_NAME: IDP_NAME,
};
if (process.env.DATABASE_URL) env.DATABASE_URL = process.env.DATABASE_URL;

export default defineConfig({
  testDir: 'e2e',
  outputDir: `.tmp/e2e-results-${PORT}`,
  fullyParallel: false,
  // Two shared cores: one browser at a time.
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        // Debian's chromium: Playwright's own browser download cannot work here.
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          args: [
            ...CHROMIUM_ARGS,
            // A name that is not localhost, as a practice's server on its LAN has (e2e/network.spec.ts).
            '--host-resolver-rules=MAP server.lan 127.0.0.1',
          ],
        },
      },
    },
  ],
  webServer: [
    {
      command: `rm -rf ${DATA_DIR} && ${build}npx tsx server/main.ts`,
      url: `http://127.0.0.1:${PORT}/api/health`,
      env,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // Started after the app, whose command clears the data folder the sink keeps mail in.
      command: 'npx tsx e2e/smtp-sink.ts',
      url: `http://127.0.0.1:${SMTP_SINK_HEALTH_PORT}/`,
      env: { E2E_PORT: String(PORT), E2E_DATA_DIR: DATA_DIR },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'npx tsx e2e/identity-provider.ts',
      url: `${IDP_ISSUER}/.well-known/openid-configuration`,
      env: { E2E_PORT: String(PORT) },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
