/**
 * When each user's detail list was last written to the audit log, so that turning its pages adds no
 * row of its own for a while (docs/behaviour.md section 6.5). Kept in memory per process: a second
 * process, or a restart, only audits a page once more.
 */
export interface RecentViews {
  /** True when `key` was noted less than `ttlMs` before `now`. */
  has(key: string, now?: number): boolean;
  /** Notes `key` as audited at `now`. */
  note(key: string, now?: number): void;
}

export function recentViews({ ttlMs, max }: { ttlMs: number; max: number }): RecentViews {
  // In the order noted (a key noted again moves to the end), so the oldest go first.
  const noted = new Map<string, number>();
  return {
    has(key, now = Date.now()) {
      const at = noted.get(key);
      return at !== undefined && now - at < ttlMs;
    },
    note(key, now = Date.now()) {
      noted.delete(key);
      noted.set(key, now);
      for (const [old, at] of noted) {
        if (noted.size <= max && now - at < ttlMs) break;
        noted.delete(old);
      }
    },
  };
}
