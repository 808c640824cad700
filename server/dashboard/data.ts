import type { WinLoss } from '../../common/api/config';
import type { Tx } from '../db/client';
import { type Appt, type Ignore, isCancelledStatus, type Sheet } from '../domain/figures';
import { flagsFromScore } from '../domain/flags';
import { readDataVersion } from '../scoresheet/data-version';

export interface DashboardData {
  sheet: Sheet;
  appts: Appt[];
  ignore: Ignore;
}

async function load(db: Tx): Promise<DashboardData> {
  const sheetRows = await db.query<Omit<Sheet[number], 'treatment_flags'> & { win_loss: WinLoss }>(
    `SELECT patient_key, patient_name, provider, score, procedure_status, consult_date, date_of_temp_placement,
       case_date, pending_finance_date, win_loss, no_of_arches, case_value
     FROM scoresheet ORDER BY patient_key`,
  );
  const appts = await db.query<Omit<Appt, 'cancelled'>>(
    `SELECT a.patient_key, n.patient_name, a.appt_date, a.code, a.provider,
       coalesce(nullif(a.description, ''), m.label, a.code) AS procedure, a.scheduled_status, m.label, m.value
     FROM future_appointments a
     JOIN patients n USING (patient_key)
     LEFT JOIN code_mappings m ON m.proc_code = a.code
     ORDER BY a.id`,
  );
  const ignore = await db.query<Ignore[number]>('SELECT patient_key, year_code FROM ignore_list');
  return {
    sheet: sheetRows.map((r) => ({ ...r, treatment_flags: flagsFromScore(r.score) })),
    appts: appts.map((a) => ({ ...a, cancelled: isCancelledStatus(a.scheduled_status) })),
    ignore,
  };
}

export interface Snapshot {
  data: DashboardData;
  /** Computes a figure once per data version and key. */
  memo<T>(key: string, compute: (data: DashboardData) => T): T;
}

function snapshot(data: DashboardData): Snapshot {
  const results = new Map<string, unknown>();
  return {
    data,
    memo<T>(key: string, compute: (d: DashboardData) => T): T {
      if (!results.has(key)) {
        if (results.size > 1000) results.clear();
        results.set(key, compute(data));
      }
      return results.get(key) as T;
    },
  };
}

/**
 * The figures' inputs, cached per data version. The version lives in the database and changes in
 * every import or mapping transaction, so each app process drops its copy at once.
 */
export function createDashboardData(db: Tx) {
  let cached: { version: string; snap: Promise<Snapshot> } | null = null;
  return {
    async get(): Promise<Snapshot> {
      const version = await readDataVersion(db);
      if (cached?.version !== version) {
        const snap = load(db).then(snapshot);
        cached = { version, snap };
        snap.catch(() => {
          if (cached?.snap === snap) cached = null;
        });
      }
      return cached.snap;
    },
  };
}
export type DashboardDataSource = ReturnType<typeof createDashboardData>;
