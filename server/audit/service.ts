import { desc } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { sqlColumns } from '../db/rows';
import { auditLog } from '../db/schema';

export interface Actor {
  id: number | null;
  username: string | null;
  ip?: string | null;
}

/** Writes one audit event. Detail holds what an audit needs, never passwords, hashes or tokens. */
export async function recordAudit(
  db: Tx,
  actor: Actor,
  action: string,
  detail: Record<string, unknown> | null = null,
): Promise<void> {
  await db.orm
    .insert(auditLog)
    .values({ userId: actor.id, username: actor.username, action, detail, ip: actor.ip ?? null });
}

export async function listAudit(db: Tx, page: number, limit: number) {
  const total = await db.orm.$count(auditLog);
  const rows = await db.orm
    .select(sqlColumns(auditLog))
    .from(auditLog)
    .orderBy(desc(auditLog.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return {
    success: true as const,
    total,
    page,
    limit,
    events: rows.map((r) => ({ ...r, at: r.at.toISOString() })),
  };
}
