/** The caller's own sessions (docs/behaviour.md section 20): listed, and any one ended. */
import { recordAudit } from '../audit/service';
import type { Actor } from '../caller/actor';
import { endSessionOf, listSessionsOf, type SessionLimits } from '../caller/sessions';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';

export async function listOwnSessions(db: Db, limits: SessionLimits, userId: number, currentId: string) {
  const rows = await listSessionsOf(db, userId, limits);
  return {
    success: true as const,
    sessions: rows.map((r) => ({
      id: r.id,
      created_at: r.createdAt.toISOString(),
      last_used_at: r.lastSeenAt.toISOString(),
      ip: r.ip,
      user_agent: r.userAgent,
      current: r.id === currentId,
    })),
  };
}

/** Ends one of the caller's sessions; its token stops working at once. Another's is 404 as unknown. */
export async function endOwnSession(db: Db, actor: Actor & { id: number }, id: string) {
  if (!(await endSessionOf(db, actor.id, id)))
    throw new HttpError(404, 'Session not found', { code: 'session_not_found' });
  await recordAudit(db, actor, 'session_ended', { own: true });
  return { success: true as const };
}
