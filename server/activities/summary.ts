/** Team activity (docs/behaviour.md section 15): what each user did over a range of days. */
import {
  CLOSE_REASONS,
  type CloseReason,
  OUTCOMES,
  type Outcome,
  type SummaryResponse,
  type TeamCounts,
} from '../../common/api/activities';
import { recordAudit } from '../audit/service';
import type { Actor } from '../caller/actor';
import type { Tx } from '../db/client';
import { compareText } from '../domain/figures/common';
import { fieldError } from '../http/errors';

type Counted = {
  username: string;
  kind: string;
  outcome: Outcome | null;
  reason: CloseReason | null;
  n: number;
};

const zero = (): TeamCounts => ({ contacts: 0, reached: 0, scheduled: 0, notes: 0, financing: 0, closed: 0 });
const CONTACTS = new Set(['call', 'text', 'email', 'visit']);

function add(counts: TeamCounts, r: Counted): void {
  if (CONTACTS.has(r.kind)) {
    counts.contacts += r.n;
    if (r.outcome === 'reached') counts.reached += r.n;
    if (r.outcome === 'scheduled') counts.scheduled += r.n;
  } else if (r.kind === 'note') counts.notes += r.n;
  else if (r.kind === 'financing') counts.financing += r.n;
  else if (r.kind === 'close') counts.closed += r.n;
}

/** `from` defaults to the first of today's month, `to` to today. */
export async function teamSummary(
  db: Tx,
  actor: Actor,
  range: { from?: string; to?: string },
  today: string,
): Promise<SummaryResponse> {
  const from = range.from ?? `${today.slice(0, 8)}01`;
  const to = range.to ?? today;
  // Named as the audit log's range names it: the end that comes before the start.
  if (from > to) throw fieldError('to', 'from must be on or before to');
  // Counted in the database by writer and kind: a month of a busy practice is thousands of rows.
  const rows = await db.query<Counted>(
    `SELECT coalesce(u.username, a.username) AS username, a.kind, a.outcome, a.reason, count(*)::int AS n
     FROM patient_activities a LEFT JOIN users u ON u.id = a.user_id
     WHERE a.date BETWEEN $1 AND $2
     GROUP BY 1, 2, 3, 4`,
    [from, to],
  );
  const byUser = new Map<string, TeamCounts>();
  const totals = zero();
  const outcomes = Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>;
  const reasons = Object.fromEntries(CLOSE_REASONS.map((r) => [r, 0])) as Record<CloseReason, number>;
  for (const r of rows) {
    let counts = byUser.get(r.username);
    if (counts === undefined) {
      counts = zero();
      byUser.set(r.username, counts);
    }
    add(counts, r);
    add(totals, r);
    if (CONTACTS.has(r.kind) && r.outcome !== null) outcomes[r.outcome] += r.n;
    if (r.kind === 'close' && r.reason !== null) reasons[r.reason] += r.n;
  }
  await recordAudit(db, actor, 'team_activity_viewed', { from, to });
  return {
    success: true,
    from,
    to,
    users: [...byUser].sort(([a], [b]) => compareText(a, b)).map(([user, counts]) => ({ user, ...counts })),
    totals,
    outcomes,
    close_reasons: reasons,
  };
}

/** The usernames of the active users, sorted without regard to case. */
export async function assignees(db: Tx): Promise<{ success: true; users: string[] }> {
  const rows = await db.query<{ username: string }>('SELECT username FROM users WHERE is_active');
  return { success: true, users: rows.map((r) => r.username).sort(compareText) };
}
