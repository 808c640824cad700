import { and, count, desc, eq, gte, lt, lte, max, type SQL, sql } from 'drizzle-orm';
import type { AuditAction, AuditFilters, AuditResponse } from '../../common/api/audit';
import type { Actor } from '../caller/actor';
import type { Tx } from '../db/client';
import { sqlColumns } from '../db/rows';
import { auditLog } from '../db/schema';
import { auditCsv } from './csv';

/**
 * Writes one audit event. The action is one of AUDIT_ACTIONS (common/api/audit.ts), so each has
 * words on the Audit Log screen. Detail holds what an audit needs, never passwords, hashes or tokens.
 */
export async function recordAudit(
  db: Tx,
  actor: Actor,
  action: AuditAction,
  detail: Record<string, unknown> | null = null,
): Promise<void> {
  await db.orm
    .insert(auditLog)
    .values({ userId: actor.id, username: actor.username, action, detail, ip: actor.ip ?? null });
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The first moment of a calendar day in UTC. */
const startOf = (day: string) => new Date(`${day}T00:00:00Z`);

/** The filters as SQL: a username without regard to case, an action, whole UTC days from and to. */
function matching(f: AuditFilters): SQL | undefined {
  return and(
    f.user === undefined ? undefined : sql`lower(${auditLog.username}) = lower(${f.user})`,
    f.action === undefined ? undefined : eq(auditLog.action, f.action),
    f.from === undefined ? undefined : gte(auditLog.at, startOf(f.from)),
    f.to === undefined ? undefined : lt(auditLog.at, new Date(startOf(f.to).getTime() + DAY_MS)),
  );
}

/** The filters a read or an export of the log is audited with: only those given. */
const given = (f: AuditFilters) =>
  Object.fromEntries(
    Object.entries({ user: f.user, action: f.action, from: f.from, to: f.to }).filter(([, v]) => v),
  );

/** Newest first; two events of one moment in the order they were written, the later first. */
const NEWEST_FIRST = [desc(auditLog.at), desc(auditLog.id)];

type Page = AuditFilters & { page: number; limit: number };

/**
 * One page of the events the filters match, newest first, with their count. The read is audited
 * after it is made, so the page shows the log as it was and the next read shows this one.
 */
export async function listAudit(db: Tx, actor: Actor, q: Page): Promise<AuditResponse> {
  const where = matching(q);
  const total = await db.orm.$count(auditLog, where);
  const rows = await db.orm
    .select(sqlColumns(auditLog))
    .from(auditLog)
    .where(where)
    .orderBy(...NEWEST_FIRST)
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  await recordAudit(db, actor, 'audit_viewed', { ...given(q), page: q.page });
  return {
    success: true,
    total,
    page: q.page,
    limit: q.limit,
    pages: Math.ceil(total / q.limit),
    events: rows.map((r) => ({ ...r, at: r.at.toISOString() })),
  };
}

/** Events are read for the export this many at a time, so a long log never sits whole in memory. */
const EXPORT_BATCH = 2000;

/**
 * Every event the filters match as CSV text, newest first (docs/behaviour.md section 8). The
 * events are those written before the export was asked for; the export is audited with its
 * filters and its number of events before the first line is sent.
 */
export async function exportAudit(db: Tx, actor: Actor, f: AuditFilters): Promise<AsyncIterable<string>> {
  const where = matching(f);
  const [{ rows, last }] = await db.orm
    .select({ rows: count(), last: max(auditLog.id) })
    .from(auditLog)
    .where(where);
  await recordAudit(db, actor, 'audit_exported', { ...given(f), rows });
  return auditCsv(batches(db, and(where, last === null ? sql`false` : lte(auditLog.id, last))));
}

/**
 * The matching events in batches, newest first. Each batch starts below the last one sent (a
 * keyset, not an offset, so nothing is skipped or repeated as the log grows); the moment is
 * compared as the database's own text, which keeps its microseconds.
 */
async function* batches(db: Tx, where: SQL | undefined) {
  let after: Cursor | null = null;
  for (;;) {
    const rows = await batchAfter(db, where, after);
    if (rows.length === 0) return;
    yield rows.map(({ cursor: _, ...event }) => event);
    if (rows.length < EXPORT_BATCH) return;
    const tail = rows[rows.length - 1];
    after = { at: tail.cursor, id: tail.id };
  }
}

type Cursor = { at: string; id: number };

function batchAfter(db: Tx, where: SQL | undefined, after: Cursor | null) {
  return db.orm
    .select({ ...sqlColumns(auditLog), cursor: sql<string>`${auditLog.at}::text` })
    .from(auditLog)
    .where(
      and(
        where,
        after === null
          ? undefined
          : sql`(${auditLog.at}, ${auditLog.id}) < (${after.at}::timestamptz, ${after.id})`,
      ),
    )
    .orderBy(...NEWEST_FIRST)
    .limit(EXPORT_BATCH);
}
