import { initializeIfEmpty } from './config/service';
import { type Db, openPglite, openPostgres } from './db/client';
import { lockDataDir } from './db/lock';
import { migrate } from './db/migrate';
import { SETTING_KEYS } from './db/setting-keys';
import { randomSecret, sharedSetting } from './db/shared-setting';
import { lockStartup } from './db/startup-lock';
import type { Env } from './platform/env';
import { createTokens, type Tokens } from './platform/tokens';
import { recalculateIfRulesChanged } from './scoresheet/upgrade';
import { ensureFirstAdmin } from './users/service';

export interface Opened {
  db: Db;
  tokens: Tokens;
  /** The first admin's generated password, to print once; null when not generated now. */
  firstAdminPassword: string | null;
  close(): Promise<void>;
}

/** Opens the database (embedded unless DATABASE_URL is set), migrates it and makes first-start data. */
export async function openDatabase(env: Env): Promise<Opened> {
  let unlock = async () => {};
  let db: Db;
  if (env.databaseUrl) db = await openPostgres(env.databaseUrl);
  else {
    unlock = await lockDataDir(env.dataDir);
    try {
      db = await openPglite(env.dataDir);
    } catch (err) {
      await unlock();
      throw err;
    }
  }
  try {
    // Several processes may start at once on one PostgreSQL server: one at a time migrates and
    // makes the first-start data (see lockStartup). The embedded database has one process only.
    const unlockStartup = env.databaseUrl ? await lockStartup(env.databaseUrl) : async () => {};
    let firstAdminPassword: string | null;
    let secret: string;
    try {
      await migrate(db);
      secret = env.jwtSecret ?? (await sharedSetting(db, SETTING_KEYS.jwtSecret, randomSecret));
      firstAdminPassword = await ensureFirstAdmin(db, env.adminPassword);
      await initializeIfEmpty(db);
      await recalculateIfRulesChanged(db);
    } finally {
      await unlockStartup();
    }
    const tokens = createTokens(secret, env.tokenTtlSeconds);
    return {
      db,
      tokens,
      firstAdminPassword,
      async close() {
        await db.close();
        await unlock();
      },
    };
  } catch (err) {
    await db.close().catch(() => {});
    await unlock();
    throw err;
  }
}
