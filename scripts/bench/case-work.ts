// Case follow-up at scale: activities written through the API over the due patients, then the
// worklist as the Follow-ups tab asks for it, and a call logged followed by the list read again,
// as a coordinator sees it after each call (docs/performance.md, case follow-up).

import { callJson } from './api';

/** How many writes are in flight at once: a team of coordinators, not one. */
const WRITERS = 8;

export interface CaseWorkFigures {
  activities: number;
  writeSeconds: number;
  /** A call logged, then the worklist page read: each pair's milliseconds, sorted. */
  writeThenReadMs: number[];
}

const OUTCOMES = ['no_answer', 'left_message', 'reached', 'no_answer', 'declined'] as const;

async function duePatients(base: string, token: string): Promise<string[]> {
  const res = await callJson(base, 'GET', '/api/worklist', token);
  if (res.status !== 200) throw new Error(`GET /api/worklist answered ${res.status}`);
  return (res.body as { patients: { patient_name: string }[] }).patients.map((p) => p.patient_name);
}

async function logCall(base: string, token: string, patient: string, i: number): Promise<void> {
  const res = await callJson(base, 'POST', '/api/patient/activity', token, {
    patient_name: patient,
    kind: 'call',
    outcome: OUTCOMES[i % OUTCOMES.length],
  });
  if (res.status !== 201) throw new Error(`POST /api/patient/activity answered ${res.status}`);
}

/** Writes `count` calls spread over the due patients, `WRITERS` at a time. */
export async function writeActivities(
  base: string,
  token: string,
  count: number,
): Promise<{ patients: string[]; seconds: number }> {
  const patients = await duePatients(base, token);
  if (patients.length === 0) throw new Error('No due patients to write activities for');
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      for (let i = next++; i < count; i = next++)
        await logCall(base, token, patients[i % patients.length], i);
    }),
  );
  return { patients, seconds: (performance.now() - started) / 1000 };
}

/** A call logged, then the first worklist page read, `times` times: the pair's milliseconds, sorted. */
export async function timeWriteThenRead(
  base: string,
  token: string,
  patients: string[],
  times: number,
): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await logCall(base, token, patients[(i * 7919) % patients.length], i);
    const res = await callJson(base, 'GET', '/api/worklist?limit=100', token);
    if (res.status !== 200) throw new Error(`GET /api/worklist answered ${res.status}`);
    ms.push(performance.now() - started);
  }
  return ms.sort((a, b) => a - b);
}

export const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
