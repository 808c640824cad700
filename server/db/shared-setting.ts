import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Tx } from './client';
import { settings } from './schema';

/** A value shared by every app process, created once (the first writer wins). */
export async function sharedSetting(db: Tx, key: string, make: () => string): Promise<string> {
  await db.orm.insert(settings).values({ key, value: make() }).onConflictDoNothing({ target: settings.key });
  const rows = await db.orm.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return rows[0].value;
}

export const randomSecret = () => randomBytes(48).toString('base64url');
