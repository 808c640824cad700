import type { Tx } from '../db/client';

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
  await db.query(
    'INSERT INTO audit_log (user_id, username, action, detail, ip) VALUES ($1, $2, $3, $4, $5)',
    [actor.id, actor.username, action, detail === null ? null : JSON.stringify(detail), actor.ip ?? null],
  );
}

interface AuditRow {
  id: number;
  at: Date;
  user_id: number | null;
  username: string | null;
  action: string;
  detail: Record<string, unknown> | null;
  ip: string | null;
}

export async function listAudit(db: Tx, page: number, limit: number) {
  const [{ total }] = await db.query<{ total: number }>('SELECT count(*)::int AS total FROM audit_log');
  const rows = await db.query<AuditRow>(
    'SELECT id, at, user_id, username, action, detail, ip FROM audit_log ORDER BY id DESC LIMIT $1 OFFSET $2',
    [limit, (page - 1) * limit],
  );
  return {
    success: true as const,
    total,
    page,
    limit,
    events: rows.map((r) => ({ ...r, id: Number(r.id), at: new Date(r.at).toISOString() })),
  };
}
