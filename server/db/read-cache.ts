import type { Db } from './client';

/**
 * Keeps reads per key until the database may have changed: on the embedded database, until this
 * process next writes (see Db.localWrites); on a PostgreSQL server, not at all, since other app
 * processes write too. A failed read is not kept.
 */
export function cacheUntilWrite<K, V>(db: Db, read: (key: K) => Promise<V>, maxKeys = 1000) {
  const kept = new Map<K, { writes: number; value: Promise<V> }>();
  return (key: K): Promise<V> => {
    const writes = db.localWrites();
    if (writes === null) return read(key);
    const hit = kept.get(key);
    if (hit?.writes === writes) return hit.value;
    if (kept.size >= maxKeys) kept.clear();
    const value = read(key);
    kept.set(key, { writes, value });
    value.catch(() => {
      if (kept.get(key)?.value === value) kept.delete(key);
    });
    return value;
  };
}
