import { randomBytes } from 'node:crypto';
import type { Tx } from './db/client';

/** A value shared by every app process, created once (the first writer wins). */
export async function sharedSetting(db: Tx, key: string, make: () => string): Promise<string> {
  await db.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
    key,
    make(),
  ]);
  const rows = await db.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [key]);
  return rows[0].value;
}

export const randomSecret = () => randomBytes(48).toString('base64url');
