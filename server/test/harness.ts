import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Role } from '../../common/roles';
import { buildApp } from '../app';
import { initializeIfEmpty } from '../config/service';
import { type Db, openPglite, openPostgres } from '../db/client';
import { migrate } from '../db/migrate';
import { type Env, loadEnv } from '../platform/env';
import type { ResetMailer } from '../platform/reset-mailer';
import { createTokens, type Tokens } from '../platform/tokens';
import type { OpendentalDriver } from '../sync/opendental/driver';
import { ensureFirstAdmin, registerUser } from '../users/service';

export const ADMIN_PASSWORD = 'admin-pass';

/**
 * A real database for one test file: the embedded PostgreSQL in memory, or, when
 * TEST_DATABASE_URL names a PostgreSQL server, a fresh database created on it and dropped after.
 */
export async function openTestDb(
  /** For the embedded database: keep it in this data folder instead of memory. */
  embeddedDataDir?: string,
): Promise<{ db: Db; drop(): Promise<void>; url?: string }> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server || embeddedDataDir) {
    const db = await openPglite(embeddedDataDir);
    return { db, drop: () => db.close() };
  }
  const name = `fat_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString());
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close();
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  /** The test database's address on a PostgreSQL server; undefined on the embedded database. */
  url?: string;
  env: Env;
  tokens: Tokens;
  /** Signs in through the API and returns the token. */
  login(username: string, password: string): Promise<string>;
  /** Creates a user directly and returns its id. */
  createUser(username: string, role: Role, password?: string, email?: string | null): Promise<number>;
  close(): Promise<void>;
}

interface TestOptions {
  /** Sends reset mail; none by default, so the reset link goes to the log. */
  mailer?: ResetMailer | null;
  /** Collects every log line the app writes (at info level and above). */
  logLines?: string[];
  /** Runs on the embedded database in a data folder on disk, whatever TEST_DATABASE_URL says. */
  embeddedOnDisk?: boolean;
  /**
   * The test forces faults on purpose. Otherwise a 500 answered to anything is a failed test: bad
   * input must get its 4xx, so a 500 is a defect even where no assertion looks at the status.
   */
  allowFaults?: boolean;
  /** Stands in for Open Dental: what a connection test and a sync get. */
  opendental?: OpendentalDriver;
  /** The app's clock (ms since 1970): sessions, sign-in tokens and TOTP codes are judged by it. */
  now?: () => number;
}

export async function createTestContext(
  settings: Record<string, string> = {},
  { mailer = null, logLines, embeddedOnDisk = false, allowFaults = false, opendental, now }: TestOptions = {},
): Promise<TestContext> {
  // The data folder holds the uploads, and the database when it is kept on disk.
  const dataDir = mkdtempSync(join(tmpdir(), 'fat-test-data-'));
  const { db, drop, url } = await openTestDb(embeddedOnDisk ? dataDir : undefined);
  await migrate(db);
  const env = loadEnv({
    ADMIN_PASSWORD,
    JWT_SECRET: 'x'.repeat(40),
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ...settings,
  });
  await ensureFirstAdmin(db, env.adminPassword);
  // As on a first start: default code mappings and mapping values.
  await initializeIfEmpty(db);
  const tokens = createTokens(env.jwtSecret!, env.tokenTtlSeconds);
  const logger = logLines
    ? { level: 'info', stream: { write: (line: string) => logLines.push(line) } }
    : false;
  const app = await buildApp({ db, env, tokens, mailer, opendental, now }, logger);
  const faults: string[] = [];
  app.addHook('onResponse', async (req, reply) => {
    // 502 is an answer the API gives on purpose: Open Dental could not be reached.
    if (reply.statusCode >= 500 && reply.statusCode !== 502)
      faults.push(`${req.method} ${req.routeOptions.url ?? req.url}`);
  });
  await app.ready();
  return {
    app,
    db,
    url,
    env,
    tokens,
    async login(username, password) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username, password },
      });
      if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
      return res.json().token;
    },
    async createUser(username, role, password = 'secret123', email = null) {
      const r = await registerUser(
        db,
        { id: null, username: 'test' },
        {
          username,
          password,
          role,
          email,
          provider_name: role === 'provider' ? `Dr. ${username}` : null,
        },
      );
      return r.user.id;
    },
    async close() {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
      if (faults.length > 0 && !allowFaults)
        throw new Error(`The server answered 500 to: ${faults.join(', ')}`);
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Loads the bundled sample data through the API, as the empty Dashboard's button does. */
export async function loadSamples(t: TestContext, token: string): Promise<void> {
  const loaded = await t.app.inject({
    method: 'POST',
    url: '/api/import/sample-data',
    headers: bearer(token),
  });
  if (loaded.statusCode !== 200) throw new Error(`sample data: ${loaded.statusCode} ${loaded.body}`);
}

/** Runs `body` with "providers see their own" on (docs/behaviour.md section 14), then turns it off again. */
export async function withOwnOnly(
  t: TestContext,
  adminToken: string,
  body: () => Promise<void>,
): Promise<void> {
  const set = async (on: boolean) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/config/privacy',
      headers: bearer(adminToken),
      payload: { providers_see_own_only: on },
    });
    if (res.statusCode !== 200) throw new Error(`privacy ${on}: ${res.statusCode} ${res.body}`);
  };
  await set(true);
  try {
    await body();
  } finally {
    await set(false);
  }
}
