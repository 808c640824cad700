import { createTokens } from './auth/tokens';
import { initializeIfEmpty } from './config/service';
import { type Db, openPglite, openPostgres } from './db/client';
import { lockDataDir } from './db/lock';
import { migrate } from './db/migrate';
import type { Env } from './env';
import { recalculateIfRulesChanged } from './scoresheet/upgrade';
import { randomSecret, sharedSetting } from './settings';
import { ensureFirstAdmin } from './users/service';

export interface Opened {
  db: Db;
  tokens: ReturnType<typeof createTokens>;
  /** The first admin's generated password, to print once; null when not generated now. */
  firstAdminPassword: string | null;
  close(): Promise<void>;
}

/** Opens the database (embedded unless DATABASE_URL is set), migrates it and makes first-start data. */
export async function openDatabase(env: Env): Promise<Opened> {
  let unlock = () => {};
  let db: Db;
  if (env.databaseUrl) db = await openPostgres(env.databaseUrl);
  else {
    unlock = lockDataDir(env.dataDir);
    try {
      db = await openPglite(env.dataDir);
    } catch (err) {
      unlock();
      throw err;
    }
  }
  try {
    await migrate(db);
    const secret = env.jwtSecret ?? (await sharedSetting(db, 'jwt_secret', randomSecret));
    const tokens = createTokens(secret, env.tokenTtlSeconds);
    const firstAdminPassword = await ensureFirstAdmin(db, env.adminPassword);
    await initializeIfEmpty(db);
    await recalculateIfRulesChanged(db);
    return {
      db,
      tokens,
      firstAdminPassword,
      async close() {
        await db.close();
        unlock();
      },
    };
  } catch (err) {
    await db.close().catch(() => {});
    unlock();
    throw err;
  }
}
