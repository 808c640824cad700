/**
 * The patient_activities table as the services read and write it. Who wrote an activity and whom
 * it assigns are shown by the user's current username (followed by id), or by the name kept as
 * text once the user is deleted (users/service.ts writes their last name there first).
 */
import type { Activity } from '../../common/api/activities';
import type { Tx } from '../db/client';
import type { Row } from '../db/rows';
import type { patientActivities } from '../db/schema';
import { NAMES_VERSION } from '../db/versions';

type Stored = Row<typeof patientActivities>;

/** An activity as read back: the stored row with the names resolved. */
export type ActivityRow = Pick<
  Stored,
  | 'id'
  | 'patient_key'
  | 'patient_name'
  | 'date'
  | 'kind'
  | 'outcome'
  | 'note'
  | 'next_follow_up'
  | 'cleared_follow_up'
  | 'assigned_to'
  | 'lender'
  | 'financing_status'
  | 'amount'
  | 'reason'
  | 'user_id'
  | 'username'
  | 'logged_at'
>;

const SELECT = `SELECT a.id, a.patient_key, a.patient_name, a.date, a.kind, a.outcome, a.note, a.next_follow_up,
    a.cleared_follow_up, coalesce(au.username, a.assigned_to) AS assigned_to, a.lender, a.financing_status,
    a.amount, a.reason, a.user_id, coalesce(u.username, a.username) AS username, a.logged_at
  FROM patient_activities a
  LEFT JOIN users u ON u.id = a.user_id
  LEFT JOIN users au ON au.id = a.assigned_to_id`;

/** Case order (docs/behaviour.md section 15): by date, then as written. */
const CASE_ORDER = 'ORDER BY a.date, a.id';

export async function activitiesOf(db: Tx, key: string): Promise<ActivityRow[]> {
  return db.query<ActivityRow>(`${SELECT} WHERE a.patient_key = $1 ${CASE_ORDER}`, [key]);
}

export async function activityById(db: Tx, id: number): Promise<ActivityRow | undefined> {
  const [row] = await db.query<ActivityRow>(`${SELECT} WHERE a.id = $1`, [id]);
  return row;
}

/** Every patient's activities in case order, by patient key: what the worklist reads. */
export async function allActivities(db: Tx): Promise<Map<string, ActivityRow[]>> {
  const rows = await db.query<ActivityRow>(`${SELECT} ORDER BY a.patient_key, a.date, a.id`);
  const byPatient = new Map<string, ActivityRow[]>();
  for (const r of rows) {
    let list = byPatient.get(r.patient_key);
    if (list === undefined) {
      list = [];
      byPatient.set(r.patient_key, list);
    }
    list.push(r);
  }
  return byPatient;
}

/** The activities written after `afterId`, in write order. */
export async function activitiesAfter(db: Tx, afterId: number): Promise<ActivityRow[]> {
  return db.query<ActivityRow>(`${SELECT} WHERE a.id > $1 ORDER BY a.id`, [afterId]);
}

/** How many activities there are, the last id, and the version of the names they show. */
export async function activityTally(db: Tx): Promise<{ count: number; last: number; names: string }> {
  const [row] = await db.query<{ count: number; last: number; names: string | null }>(
    `SELECT count(*)::int AS count, coalesce(max(id), 0)::int AS last,
       (SELECT value FROM settings WHERE key = '${NAMES_VERSION}') AS names
     FROM patient_activities`,
  );
  return { count: row.count, last: row.last, names: row.names ?? '0' };
}

/** The activity as the API shows it, under the patient's display name. */
export function toActivity(r: ActivityRow, patientName: string): Activity {
  return {
    id: r.id,
    patient_name: patientName,
    date: r.date,
    kind: r.kind,
    outcome: r.outcome,
    note: r.note,
    next_follow_up: r.next_follow_up,
    assigned_to: r.assigned_to,
    lender: r.lender,
    financing_status: r.financing_status,
    amount: r.amount,
    reason: r.reason,
    cleared_follow_up: r.cleared_follow_up,
    user: r.username,
    logged_at: new Date(r.logged_at).toISOString(),
  };
}

export type NewActivity = Omit<Stored, 'id' | 'logged_at'>;

export async function insertActivity(tx: Tx, a: NewActivity): Promise<number> {
  const [row] = await tx.query<Pick<Stored, 'id'>>(
    `INSERT INTO patient_activities (patient_key, patient_name, date, kind, outcome, note, next_follow_up,
       cleared_follow_up, assigned_to_id, assigned_to, lender, financing_status, amount, reason, user_id, username)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id`,
    [
      a.patient_key,
      a.patient_name,
      a.date,
      a.kind,
      a.outcome,
      a.note,
      a.next_follow_up,
      a.cleared_follow_up,
      a.assigned_to_id,
      a.assigned_to,
      a.lender,
      a.financing_status,
      a.amount,
      a.reason,
      a.user_id,
      a.username,
    ],
  );
  return row.id;
}

/** A patient's last note: the text of their last activity with one, and its date. */
export interface LastNote {
  date: string;
  note: string;
}

/**
 * The last note up to `asOf` (in case order, whatever the stage) of each of `keys`, for the
 * worklist export: one statement however many patients, reading only the notes asked for rather
 * than keeping every note's text in memory with the case work.
 */
export async function lastNotes(
  db: Tx,
  keys: readonly string[],
  asOf: string,
): Promise<Map<string, LastNote>> {
  if (keys.length === 0) return new Map();
  const rows = await db.query<Pick<Stored, 'patient_key' | 'date'> & LastNote>(
    `SELECT DISTINCT ON (a.patient_key) a.patient_key, a.date, a.note
     FROM patient_activities a
     WHERE a.patient_key = ANY($1::text[]) AND a.date <= $2 AND a.note IS NOT NULL AND a.note <> ''
     ORDER BY a.patient_key, a.date DESC, a.id DESC`,
    [keys, asOf],
  );
  return new Map(rows.map((r) => [r.patient_key, { date: r.date, note: r.note }]));
}
