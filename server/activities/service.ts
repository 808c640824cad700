/**
 * Case follow-up (docs/behaviour.md section 15): writing, reading and deleting a patient's
 * activities. Each write or delete, its audit row and the bump of the case work version commit
 * together, so every app process's next worklist call sees it, or nothing happened.
 */
import type { z } from 'zod';
import type { ActivitiesResponse, Activity, activityBody } from '../../common/api/activities';
import { isCaseTeam, type Role } from '../../common/roles';
import { recordAudit } from '../audit/service';
import type { Actor } from '../caller/actor';
import { patientNotFound } from '../caller/provider-rule';
import type { Db, Tx } from '../db/client';
import type { Row } from '../db/rows';
import type { futureAppointments, users } from '../db/schema';
import { bumpActivityVersion } from '../db/versions';
import { readCase } from '../domain/case-state';
import { heldDetail, isCancelledStatus } from '../domain/figures/common';
import { parseMoney } from '../domain/money';
import { patientKey } from '../domain/names';
import { newLeadOn, stageOn, worklistStanding } from '../domain/worklist';
import { fieldError, HttpError } from '../http/errors';
import { PERSON_SQL, type Person, personLeads } from '../scoresheet/person-leads';
import { readScoresheetRow } from '../scoresheet/service';
import { readThresholds } from '../worklist';
import { type Asker, findPatient } from './patient';
import { activitiesOf, activityById, insertActivity, toActivity } from './store';

type Body = z.output<typeof activityBody>;
export type Writer = Actor & { id: number; username: string; role: Role };

/** The earliest day an activity may carry. */
export const FIRST_DAY = '2000-01-01';
/** How long the writer may delete their own activity; an admin may at any time. */
const OWN_DELETE_MS = 24 * 60 * 60 * 1000;
export const ASSIGN_FORBIDDEN = 'Only coordinators, managers and admins can assign cases';
export const DELETE_FORBIDDEN =
  'Only the writer, within 24 hours of writing it, or an admin can delete an activity';

/** Who a held provider's read or write was limited to, for the audit row. */

/** The active user named (any case), or a 400 naming the field. */
async function activeUser(tx: Tx, name: string): Promise<Pick<Row<typeof users>, 'id' | 'username'>> {
  const [user] = await tx.query<Pick<Row<typeof users>, 'id' | 'username'>>(
    'SELECT id, username FROM users WHERE lower(username) = lower($1) AND is_active',
    [name],
  );
  if (!user)
    throw fieldError('assigned_to', 'assigned_to must be the username of an active user', 'unknown_user');
  return user;
}

export async function createActivity(
  db: Db,
  writer: Writer,
  asker: Asker,
  body: Body,
  today: string,
): Promise<{ success: true; activity: Activity }> {
  if (body.kind === 'assign' && !isCaseTeam(asker.role)) throw new HttpError(403, ASSIGN_FORBIDDEN);
  const date = body.date ?? today;
  if (date > today) throw fieldError('date', 'date must not be after today');
  if (date < FIRST_DAY) throw fieldError('date', `date must be on or after ${FIRST_DAY}`);
  const key = patientKey(body.patient_name);
  return db.transaction(async (tx) => {
    const name = await findPatient(tx, key, asker);
    if (name === null) throw patientNotFound();
    const assignee =
      body.kind === 'assign' && body.assigned_to ? await activeUser(tx, body.assigned_to) : null;
    const id = await insertActivity(tx, {
      patient_key: key,
      patient_name: name,
      date,
      kind: body.kind,
      outcome: body.outcome ?? null,
      note: body.note ? body.note : null,
      next_follow_up: body.next_follow_up ?? null,
      cleared_follow_up: body.next_follow_up === null,
      assigned_to_id: assignee?.id ?? null,
      assigned_to: assignee?.username ?? null,
      lender: body.lender ?? null,
      financing_status: body.financing_status ?? null,
      amount: body.amount === undefined ? null : parseMoney(body.amount).value,
      reason: body.reason ?? null,
      user_id: writer.id,
      username: writer.username,
    });
    await bumpActivityVersion(tx);
    await recordAudit(tx, writer, 'activity_logged', {
      activity_id: id,
      patient_name: name,
      kind: body.kind,
      date,
      ...(body.outcome && { outcome: body.outcome }),
      ...heldDetail(asker.heldTo),
    });
    const row = await activityById(tx, id);
    return { success: true as const, activity: toActivity(row as NonNullable<typeof row>, name) };
  });
}

/**
 * A patient's case and activities, newest first. The case is read as the worklist reads the
 * patient's row today when they are in a stage (from the stage's start), else from every activity;
 * with it, their phone and where they stand on today's worklist.
 */
export async function listActivities(
  db: Db,
  actor: Actor,
  asker: Asker,
  asked: string,
  today: string,
  idOf: (key: string) => string,
): Promise<ActivitiesResponse> {
  const key = patientKey(asked);
  const name = await findPatient(db, key, asker, true);
  if (name === null) {
    await recordAudit(db, actor, 'patient_lookup_not_found', {
      name: asked.trim().slice(0, 200),
      ...heldDetail(asker.heldTo),
    });
    throw patientNotFound();
  }
  // Independent reads: on a PostgreSQL server they go out together.
  const [rows, sheet, appts, thresholds, person, leads] = await Promise.all([
    activitiesOf(db, key),
    readScoresheetRow(db, key),
    appointmentsOf(db, key),
    readThresholds(db),
    personOf(db, key),
    personLeads(db, key),
  ]);
  // A person known only from leads may be a new lead (section 19): their stage starts at a lead.
  const seen = leads
    .map((l) => ({ person_key: key, lead_date: l.lead_date, location: l.location }))
    .reverse();
  const stage = (sheet && stageOn(sheet, today)) ?? newLeadOn(seen, sheet, today);
  const state = readCase(rows, { from: stage?.since ?? null, to: today });
  await recordAudit(db, actor, 'activity_viewed', { patient_name: name, ...heldDetail(asker.heldTo) });
  return {
    success: true,
    patient_name: name,
    patient_id: idOf(key),
    phone: person?.phone ?? null,
    source: person?.source ?? null,
    leads,
    case: state,
    worklist: worklistStanding(sheet, appts, thresholds, rows, today, seen),
    activities: rows.map((r) => toActivity(r, name)).reverse(),
  };
}

/** The patient's appointments, cancelled ones marked, for their standing on the worklist. */
async function appointmentsOf(db: Tx, key: string) {
  const appts = await db.query<Pick<Row<typeof futureAppointments>, 'appt_date' | 'scheduled_status'>>(
    'SELECT appt_date, scheduled_status FROM future_appointments WHERE patient_key = $1',
    [key],
  );
  return appts.map((a) => ({ ...a, cancelled: isCancelledStatus(a.scheduled_status) }));
}

/**
 * The last phone the files gave (docs/behaviour.md section 2), else the leads' (section 19), and
 * the person's source; null for a patient no longer in any file.
 */
async function personOf(db: Tx, key: string): Promise<Person | null> {
  const [found] = await db.query<Person>(`${PERSON_SQL} WHERE n.patient_key = $1`, [key]);
  return found ?? null;
}

export async function deleteActivity(
  db: Db,
  actor: Actor & { role: Role },
  id: number,
  now: number,
): Promise<{ success: true }> {
  return db.transaction(async (tx) => {
    const row = await activityById(tx, id);
    if (!row) throw new HttpError(404, 'Activity not found', { code: 'activity_not_found' });
    const own = row.user_id !== null && row.user_id === actor.id;
    const recent = now - new Date(row.logged_at).getTime() <= OWN_DELETE_MS;
    if (actor.role !== 'admin' && !(own && recent)) throw new HttpError(403, DELETE_FORBIDDEN);
    await tx.query('DELETE FROM patient_activities WHERE id = $1', [id]);
    await bumpActivityVersion(tx);
    await recordAudit(tx, actor, 'activity_deleted', {
      activity_id: id,
      patient_name: row.patient_name,
      kind: row.kind,
      date: row.date,
      ...(row.outcome && { outcome: row.outcome }),
    });
    return { success: true as const };
  });
}
