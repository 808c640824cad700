import type { z } from 'zod';
import type { Thresholds } from '../../common/api/worklist';
import type { Db, Tx } from '../db/client';
import { readInPages } from '../db/paged-read';
import type { Nullable, Row } from '../db/rows';
import type { codeMappings, futureAppointments, ignoreList, imports, patients } from '../db/schema';
import { ACTIVITY_VERSION_SQL, DATA_VERSION_SQL, readReportsVersion } from '../db/versions';
import { type Appt, type Ignore, isCancelledStatus, type Sheet } from '../domain/figures';
import { flagsFromScore } from '../domain/flags';
import { type FirstTouch, type Lead, type LeadFigures, sourceKey } from '../domain/leads';
import type { PhonesByPatient } from '../domain/worklist';
import { readAllGoals, type YearGoal } from '../goals';
import { readThresholds } from '../worklist';
import { type CachedJson, cachedJson } from './cached-json';
import { createCaseWorkData } from './case-work';

export interface DashboardData {
  sheet: Sheet;
  appts: Appt[];
  ignore: Ignore;
  /** Years in the data that the scoresheet and appointments do not show (for the Year select). */
  otherYears: number[];
  /** When the latest import finished (every import changes the data version), ISO 8601 or null. */
  lastImportAt: string | null;
  /**
   * The latest procedure date (`YYYY-MM-DD`), null with none: how far the data goes, whenever it
   * was imported (docs/behaviour.md section 6.6; `dataThrough` caps it at today).
   */
  latestProcedure: string | null;
  /** The worklist's thresholds: saving them changes the data version too. */
  thresholds: Thresholds;
  /** Each patient's phone (docs/behaviour.md section 2), shown only by the worklist. */
  phones: PhonesByPatient;
  /** Every year's goals (section 16): saving them changes the data version too. */
  goals: YearGoal[];
  /** Every lead, in section 1's order, with its person and its source as first spelled (section 19). */
  leads: Lead[];
  /** Each person with a lead: their first touch, by the person's key (a patient's key when matched). */
  firstTouch: Map<string, FirstTouch>;
  /** Every year's marketing spend (section 19): saving it changes the data version too. */
  spend: SpendRow[];
  /** The phones of the patients' rows alone, which `phones` completes with the leads' phones. */
  patientPhones: Map<string, string>;
  /** The reports' version these inputs were read at (loadDashboardData). */
  reportsVersion: string | null;
}

export type { FirstTouch, Lead };

/** One source's spend in one year, spelled as last saved; twelve amounts, January first. */
export interface SpendRow {
  year: number;
  source: string;
  months: number[];
}

/**
 * Every lead with its source as first spelled, read a page at a time (db/paged-read.ts) like the
 * other large inputs: one JSON value of 200,000 leads held the thread while it was parsed. In id
 * order, so each source's first spelling is the first seen: found here rather than by a window
 * over every lead, whose sort by source was half the read's time.
 */
function readLeads(db: Db | Tx): Promise<Lead[]> {
  const firstSpelling = new Map<string, string>();
  return readInPages<Lead>(
    db,
    `SELECT coalesce(person_key, patient_key) AS person_key, to_char(lead_date, 'YYYY-MM-DD') AS lead_date,
       source, location
     FROM leads ORDER BY id`,
    (lead) => {
      const key = sourceKey(lead.source);
      const first = firstSpelling.get(key);
      if (first === undefined) firstSpelling.set(key, lead.source);
      else lead.source = first;
    },
  );
}

// The rows of the raw reads below: every row of several tables at once, too many to map twice.
type ApptRow = Pick<
  Row<typeof futureAppointments>,
  'patient_key' | 'appt_date' | 'code' | 'provider' | 'scheduled_status'
> &
  Pick<Row<typeof patients>, 'patient_name'> &
  Nullable<Pick<Row<typeof codeMappings>, 'label' | 'value'>> & {
    procedure: string;
    location: string | null;
  };

type Reads = readonly (() => Promise<unknown>)[];

/** Every read's answer, in order: all at once, or each after the one before. */
async function readAll<R extends Reads>(
  inTurn: boolean,
  reads: R,
): Promise<{ -readonly [K in keyof R]: Awaited<ReturnType<R[K]>> }> {
  if (!inTurn) return Promise.all(reads.map((read) => read())) as never;
  const answers: unknown[] = [];
  for (const read of reads) answers.push(await read());
  return answers as never;
}

/**
 * The figures' inputs a Leads file leaves as they are: those of the reports, the Ignore List, the
 * settings and the patients' own phones. Kept from the inputs loaded before while the reports'
 * version stands (db/versions.ts), so that after a Leads file only the leads' part is read again.
 */
type ReportInputs = Pick<
  DashboardData,
  | 'sheet'
  | 'appts'
  | 'ignore'
  | 'otherYears'
  | 'latestProcedure'
  | 'thresholds'
  | 'goals'
  | 'spend'
  | 'patientPhones'
>;

const reportInputsOf = (d: DashboardData): ReportInputs => ({
  sheet: d.sheet,
  appts: d.appts,
  ignore: d.ignore,
  otherYears: d.otherYears,
  latestProcedure: d.latestProcedure,
  thresholds: d.thresholds,
  goals: d.goals,
  spend: d.spend,
  patientPhones: d.patientPhones,
});

/** The figures' inputs a Leads file changes: the leads, each person's first touch and phone. */
type LeadInputs = Pick<DashboardData, 'leads' | 'firstTouch' | 'lastImportAt'> & {
  leadPhones: Map<string, string>;
};

// The reads are independent: on a PostgreSQL server they run at once, on the pool's connections,
// while this process takes in the answers that have arrived (docs/performance.md, the first call
// after an import at 3 million rows). The embedded database answers one statement at a time: sent
// one after another, a call that comes meanwhile waits for one of them, not for all. Each read
// sees the data of its own moment: an import that commits meanwhile moves the data version on, and
// the next call loads again. Each row is completed as its page arrives (db/paged-read.ts), in
// place rather than copied: hundreds of thousands of rows at the largest groups.

async function readReportInputs(db: Db | Tx, inTurn: boolean): Promise<ReportInputs> {
  const patientPhones = new Map<string, string>();
  const [sheet, appts, ignore, [latest], thresholds, , goals, spend] = await readAll(inTurn, [
    () =>
      readInPages<Sheet[number]>(
        db,
        `SELECT patient_key, patient_name, provider, score, procedure_status, consult_date, date_of_temp_placement,
           case_date, pending_finance_date, presented_date, accepted_date, perm_date, location, win_loss,
           no_of_arches, case_value
         FROM scoresheet ORDER BY patient_key`,
        (r) => {
          r.treatment_flags = flagsFromScore(r.score);
        },
      ),
    () =>
      readInPages<ApptRow & { cancelled: boolean }>(
        db,
        `SELECT a.patient_key, n.patient_name, a.appt_date, a.code, a.provider,
           coalesce(nullif(a.description, ''), m.label, a.code) AS procedure, a.scheduled_status, m.label, m.value,
           coalesce(l.location, s.location) AS location
         FROM future_appointments a
         JOIN patients n USING (patient_key)
         LEFT JOIN code_mappings m ON m.proc_code = a.code
         LEFT JOIN locations l ON l.location_key = lower(a.location)
         LEFT JOIN scoresheet s ON s.patient_key = a.patient_key
         ORDER BY a.id`,
        (a) => {
          a.cancelled = isCancelledStatus(a.scheduled_status);
        },
      ),
    () =>
      db.query<Pick<Row<typeof ignoreList>, 'patient_key' | 'year_code'>>(
        'SELECT patient_key, year_code FROM ignore_list',
      ),
    () => db.query<{ day: string | null }>("SELECT to_char(max(date), 'YYYY-MM-DD') AS day FROM procedures"),
    () => readThresholds(db),
    () =>
      readInPages<{ patient_key: string; phone: string }>(
        db,
        'SELECT patient_key, phone FROM patients WHERE NOT lead_only AND phone IS NOT NULL',
        (p) => {
          patientPhones.set(p.patient_key, p.phone);
        },
      ),
    () => readAllGoals(db),
    () => db.query<SpendRow>('SELECT year, source, months FROM marketing_spend ORDER BY year, source_key'),
  ] as const);
  const otherYears = ignore.map((i) => Number(i.year_code));
  const latestProcedure = latest?.day ?? null;
  if (latestProcedure) otherYears.push(Number(latestProcedure.slice(0, 4)));
  return { sheet, appts, ignore, otherYears, latestProcedure, thresholds, goals, spend, patientPhones };
}

const readLastImport = (db: Db | Tx) =>
  db.query<Nullable<Pick<Row<typeof imports>, 'at'>>>('SELECT max(at) AS at FROM imports');
const lastImportAtOf = ([last]: Nullable<Pick<Row<typeof imports>, 'at'>>[]) =>
  last?.at ? new Date(last.at).toISOString() : null;

/** The leads' inputs as the import that stored them made them: only the last import's time is read. */
async function leadInputsGiven(db: Db | Tx, given: LeadFigures): Promise<LeadInputs> {
  const { leads, firstTouch, phones: leadPhones } = given;
  return { leads, firstTouch, leadPhones, lastImportAt: lastImportAtOf(await readLastImport(db)) };
}

async function readLeadInputs(db: Db | Tx, inTurn: boolean): Promise<LeadInputs> {
  const firstTouch = new Map<string, FirstTouch>();
  const leadPhones = new Map<string, string>();
  const [leads, , lastImport] = await readAll(inTurn, [
    () => readLeads(db),
    () =>
      readInPages<{ patient_key: string; phone: string | null } & FirstTouch>(
        db,
        `SELECT l.person_key AS patient_key, l.source, to_char(l.first_lead_date, 'YYYY-MM-DD') AS first_lead_date,
           p.patient_name, l.phone
         FROM lead_people l JOIN patients p ON p.patient_key = l.person_key`,
        ({ patient_key, source, first_lead_date, patient_name, phone }) => {
          firstTouch.set(patient_key, { source, first_lead_date, patient_name });
          if (phone !== null) leadPhones.set(patient_key, phone);
        },
      ),
    () => readLastImport(db),
  ] as const);
  return { leads, firstTouch, leadPhones, lastImportAt: lastImportAtOf(lastImport) };
}

/**
 * Reads every input of the figures (also used to set the sample goals against them); with the
 * inputs loaded before, only those a change since may have touched; with the leads as the import
 * that stored them made them (`given`), not those.
 */
export async function loadDashboardData(
  db: Db | Tx,
  before?: DashboardData,
  given?: LeadFigures,
): Promise<DashboardData> {
  const inTurn = 'kind' in db && db.kind === 'pglite';
  const reportsVersion = await readReportsVersion(db);
  const kept = before && before.reportsVersion === reportsVersion ? reportInputsOf(before) : null;
  const [reports, leadInputs] = await readAll(inTurn, [
    () => (kept ? Promise.resolve(kept) : readReportInputs(db, inTurn)),
    () => (given ? leadInputsGiven(db, given) : readLeadInputs(db, inTurn)),
  ] as const);
  const { leadPhones, ...leads } = leadInputs;
  // Each patient's phone, else the one their leads give (section 19): looked up in both, as
  // merging them copied some 300,000 entries at each change.
  const phones = new PatientPhones(reports.patientPhones, leadPhones);
  return { ...reports, ...leads, phones, reportsVersion };
}

/** Each patient's phone, else the one their leads give (section 19). */
class PatientPhones implements PhonesByPatient {
  constructor(
    private readonly own: ReadonlyMap<string, string>,
    private readonly leads: ReadonlyMap<string, string>,
  ) {}

  get(key: string): string | undefined {
    return this.own.get(key) ?? this.leads.get(key);
  }
}

export interface Snapshot {
  data: DashboardData;
  /**
   * A response computed once per data version and key, kept as the JSON text the schema gives,
   * so a repeated request costs neither the figures nor the serialization.
   */
  json<S extends z.ZodType>(
    key: string,
    schema: S,
    compute: (data: DashboardData) => z.output<S>,
  ): CachedJson;
  /**
   * A value computed once per data version and key and kept as it is, for answers cut from it (a
   * detail list's pages): `rows` is what it weighs, within MAX_KEPT_ROWS per version.
   */
  value<T>(key: string, compute: (data: DashboardData) => T, rows: (value: T) => number): T;
}

/** Characters of JSON kept per data version (gzipped copies are far smaller); oldest go first. */
const MAX_KEPT_CHARS = 32 * 1024 * 1024;
/**
 * Rows of whole lists kept per version for their pages; oldest go first. A row holds references to
 * the snapshot's own strings, so this is some 20 MB at most.
 */
const MAX_KEPT_ROWS = 250_000;

function snapshot(data: DashboardData): Snapshot {
  const results = new Map<string, CachedJson>();
  let keptChars = 0;
  const values = new Map<string, { value: unknown; rows: number }>();
  let keptRows = 0;
  return {
    data,
    value<T>(key: string, compute: (data: DashboardData) => T, weigh: (value: T) => number): T {
      const kept = values.get(key);
      if (kept) return kept.value as T;
      const value = compute(data);
      const rows = weigh(value);
      for (const [oldKey, old] of values) {
        if (keptRows + rows <= MAX_KEPT_ROWS) break;
        values.delete(oldKey);
        keptRows -= old.rows;
      }
      values.set(key, { value, rows });
      keptRows += rows;
      return value;
    },
    json(key, schema, compute) {
      let body = results.get(key);
      if (body === undefined) {
        body = cachedJson(JSON.stringify(schema.encode(compute(data))));
        for (const [oldKey, old] of results) {
          if (keptChars + body.text.length <= MAX_KEPT_CHARS) break;
          results.delete(oldKey);
          keptChars -= old.text.length;
        }
        results.set(key, body);
        keptChars += body.text.length;
      }
      return body;
    },
  };
}

/**
 * The data and case work versions as they are now, read in one statement: work outside a request
 * (the report, the e-mails) reads the same snapshot a request would.
 */
export async function latestVersions(db: Tx): Promise<{ data: string; activity: string }> {
  const [row] = await db.query<{ data: string | null; activity: string | null }>(
    `SELECT ${DATA_VERSION_SQL} AS data, ${ACTIVITY_VERSION_SQL} AS activity`,
  );
  return { data: row?.data ?? '0', activity: row?.activity ?? '0' };
}

/**
 * The figures' inputs, cached per data version. The version lives in the database and changes in
 * every import or mapping transaction, so each app process drops its copy at once. Callers pass
 * the version the request guard read with the signed-in user.
 */
export function createDashboardData(db: Db) {
  let cached: { version: string; snap: Promise<Snapshot> } | null = null;
  /** The latest inputs loaded, for the readers that ask while a change loads the next ones. */
  let ready: { version: string; snap: Snapshot } | null = null;
  /** Changes under way in this process (requests that may change the data, and warms), until they end. */
  let changing = 0;
  const beginChange = () => {
    changing++;
    let ended = false;
    return () => {
      if (!ended) changing--;
      ended = true;
    };
  };
  /** What the figures read of the leads, made by the import that stored them, and its version. */
  let offered: { version: string; figures: LeadFigures } | null = null;
  const load = (version: string): Promise<Snapshot> => {
    if (cached?.version !== version) {
      const given = offered?.version === version ? offered.figures : undefined;
      offered = null;
      const snap = loadDashboardData(db, ready?.snap.data, given).then(snapshot);
      cached = { version, snap };
      snap.then(
        (loaded) => {
          if (cached?.snap === snap) ready = { version, snap: loaded };
        },
        () => {
          if (cached?.snap === snap) cached = null;
        },
      );
    }
    return cached.snap;
  };
  return {
    caseWork: createCaseWorkData(db),
    get(version: string): Promise<Snapshot> {
      // While a change is under way, whoever asks is given the figures of before it, as during the
      // change itself, instead of waiting for the new inputs to load (a second at 600,000
      // procedures; docs/performance.md, waits during an import). From the change's start: its
      // commit comes before its warm, and a reader may come between.
      if (ready && ready.version !== version && changing > 0) return Promise.resolve(ready.snap);
      return load(version);
    },
    /** A request that may change the data has begun; the function returned says it has ended. */
    beginChange,
    /**
     * The leads as the figures read them, made by the import that stored them at `version` (a
     * Leads file, uploads/store-leads.ts): the next load of that version takes them instead of
     * reading 200,000 leads back (docs/performance.md, leads). Another version's load drops them.
     */
    offer(version: string, figures: LeadFigures): void {
      offered = { version, figures };
    },
    /**
     * Loads the inputs of the data at `version` (by default as it is now) if they are not those
     * loaded last: a change (an import, a sync, a mapping) awaits this before it answers, so the
     * figures its user asks for next are ready. Nothing is loaded in a process nobody has asked
     * for figures yet.
     */
    async warm(version?: string): Promise<void> {
      if (!ready) return;
      // A change itself while it loads, from this call on.
      const ended = beginChange();
      try {
        const data = version ?? (await latestVersions(db)).data;
        if (ready.version !== data) await load(data);
      } finally {
        ended();
      }
    },
  };
}
export type DashboardDataSource = ReturnType<typeof createDashboardData>;
