/** A small practice and helpers for the case follow-up tests (docs/behaviour.md section 15). */
import type { ActivityBody } from '../../common/api/activities';
import { bearer, type TestContext } from './harness';

/*
 * For as_of 2026-06-01 with the default thresholds:
 *   Ann Able  temp upper 2026-01-20             awaiting_final    132 days (< 180: not due)
 *   Ben Bell  accepted 2026-04-01               awaiting_surgery   61 days, due
 *   Cat Cruz  PF Max 2026-05-10                 pending_finance    22 days, due
 *   Dot Dunn  presented 2026-04-02, Lost        undecided          60 days, due
 */
export const REPORT = `Patient,Date,Proc Code,Provider,Location,Phone
Ann Able,1/5/2026,D0150,Dr Adams,Main Street,555-0101
Ann Able,1/10/2026,FA-ACC-MAX,Dr Adams,Main Street,
Ann Able,1/20/2026,D6119,Dr Adams,Main Street,
Ben Bell,3/1/2026,D0150,Dr Adams,Main Street,555-0201
Ben Bell,3/1/2026,FA-PRES-MAX,Dr Adams,Main Street, 555-0202 
Ben Bell,4/1/2026,FA-ACC-MAX,Dr Adams,Main Street,
Cat Cruz,5/1/2026,D0150,Dr Baker,Lakeside,
Cat Cruz,5/1/2026,FA-PRES-MAX,Dr Baker,Lakeside,
Cat Cruz,5/10/2026,FA-PF-MAX,Dr Baker,Lakeside,
Dot Dunn,4/1/2026,D0150,Dr Baker,Lakeside,
Dot Dunn,4/2/2026,FA-PRES-MAX,Dr Baker,Lakeside,
`;
export const AS_OF = '2026-06-01';

type Method = 'GET' | 'POST' | 'DELETE' | 'PUT';
export const caller = (t: TestContext) => (token: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: bearer(token) });

/** A call for Ben Bell, changed by `over` (which may add wrong fields on purpose). */
export const activity = (over: Partial<Record<keyof ActivityBody | (string & {}), unknown>>) => ({
  patient_name: 'Ben Bell',
  kind: 'call',
  outcome: 'no_answer',
  date: '2026-05-20',
  ...over,
});

export async function activityCount(t: TestContext): Promise<number> {
  const [row] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM patient_activities');
  return row.n;
}
