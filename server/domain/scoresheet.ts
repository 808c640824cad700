/** The scoresheet of docs/behaviour.md section 4: one row per patient with a Full Arch Report bit set. */
import type { ScoresheetRow as ContractRow } from '../../common/api/config';
import { BIT, flagsFromScore, labelKind, statusOfScore } from './flags';
import type { Outcome } from './mapping-values';

/** One Full Arch Report procedure, already normalized (key, display name, code, provider, date). */
export type ScoresheetInput = {
  patient_key: string;
  patient_name: string;
  /** YYYY-MM-DD */
  date: string;
  code: string;
  provider: string;
  /** The office in its display form (docs/behaviour.md section 11), or null. */
  location: string | null;
};

/** A scoresheet row as the API shows it (common/api/config.ts), with the patient's key. */
export type ScoresheetRow = ContractRow & { patient_key: string };

// A code's meaning: a flag bit (1..1024), or SCAN, which dates the case without setting a bit.
const SCAN = -1;
const CONSULT = BIT.had_consult;
const TEMP = BIT.had_temp_upper | BIT.had_temp_lower;
const PF = BIT.pending_finance_mand | BIT.pending_finance_max;
const PRESENTED = BIT.presented_max | BIT.presented_mand;
const ACCEPTED = BIT.accepted_max | BIT.accepted_mand;
const PERM = BIT.had_perm_upper | BIT.had_perm_lower;
const CASE_FALLBACK = BIT.accepted_max | BIT.accepted_mand | TEMP | BIT.had_perm_upper | BIT.had_perm_lower;

const NO_OUTCOME: Outcome = { win_loss: 'N/A', no_of_arches: 0, case_value: 0 };

type Acc = {
  key: string;
  name: string;
  score: number;
  consultDate: string | null;
  consultProvider: string;
  firstBitDate: string | null;
  firstBitProvider: string;
  /** Where the procedures that gave consultProvider and firstBitProvider took place. */
  consultLocation: string | null;
  firstBitLocation: string | null;
  tempDate: string | null;
  scanDate: string | null;
  fallbackDate: string | null;
  pfDate: string | null;
  presentedDate: string | null;
  acceptedDate: string | null;
  permDate: string | null;
};

function codeMeanings(mappings: { proc_code: string; label: string }[]): Map<string, number> {
  const meanings = new Map<string, number>();
  for (const m of mappings) {
    const kind = labelKind(m.label);
    if (kind === null) continue;
    // Codes are stored normalized; normalizing again keeps a hand-made mapping from silently missing.
    meanings.set(m.proc_code.trim().toUpperCase(), kind === 'scan' ? SCAN : BIT[kind.flag]);
  }
  return meanings;
}

// Dates are YYYY-MM-DD, so string order is date order. Strict comparisons keep the first row on ties.
const earlier = (date: string, current: string | null) => current === null || date < current;
const later = (date: string, current: string | null) => current === null || date > current;

/**
 * Builds the scoresheet in one pass. `procedures` must be in file order (rules section 1): that order
 * decides the display name and breaks provider ties. Output is sorted by patient_key.
 */
export function computeScoresheet(
  procedures: ScoresheetInput[],
  mappings: { proc_code: string; label: string }[],
  mappingValues: Map<string, Outcome>,
): ScoresheetRow[] {
  const meanings = codeMeanings(mappings);
  const patients = new Map<string, Acc>();

  for (const p of procedures) {
    let acc = patients.get(p.patient_key);
    if (acc === undefined) {
      acc = {
        key: p.patient_key,
        name: p.patient_name,
        score: 0,
        consultDate: null,
        consultProvider: '',
        firstBitDate: null,
        firstBitProvider: '',
        consultLocation: null,
        firstBitLocation: null,
        tempDate: null,
        scanDate: null,
        fallbackDate: null,
        pfDate: null,
        presentedDate: null,
        acceptedDate: null,
        permDate: null,
      };
      patients.set(p.patient_key, acc);
    }
    const meaning = meanings.get(p.code);
    if (meaning === undefined) continue;
    const date = p.date;
    if (meaning === SCAN) {
      if (earlier(date, acc.scanDate)) acc.scanDate = date;
      continue;
    }
    acc.score |= meaning;
    if (earlier(date, acc.firstBitDate)) {
      acc.firstBitDate = date;
      acc.firstBitProvider = p.provider;
      acc.firstBitLocation = p.location;
    }
    if (meaning === CONSULT) {
      if (earlier(date, acc.consultDate)) {
        acc.consultDate = date;
        acc.consultProvider = p.provider;
        acc.consultLocation = p.location;
      }
    } else if (meaning & PF) {
      if (later(date, acc.pfDate)) acc.pfDate = date;
    } else if (meaning & PRESENTED) {
      if (later(date, acc.presentedDate)) acc.presentedDate = date;
    } else if (meaning & CASE_FALLBACK) {
      if (earlier(date, acc.fallbackDate)) acc.fallbackDate = date;
      if (meaning & TEMP && earlier(date, acc.tempDate)) acc.tempDate = date;
      if (meaning & ACCEPTED && earlier(date, acc.acceptedDate)) acc.acceptedDate = date;
      if (meaning & PERM && earlier(date, acc.permDate)) acc.permDate = date;
    }
  }

  const scored: Acc[] = [];
  for (const acc of patients.values()) if (acc.score > 0) scored.push(acc);
  scored.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

  return scored.map((acc) => {
    const procedure_status = statusOfScore(acc.score);
    const outcome = mappingValues.get(procedure_status) ?? NO_OUTCOME;
    const byConsult = acc.consultDate !== null;
    return {
      patient_key: acc.key,
      patient_name: acc.name,
      provider: byConsult ? acc.consultProvider : acc.firstBitProvider,
      score: acc.score,
      procedure_status,
      consult_date: acc.consultDate,
      date_of_temp_placement: acc.tempDate,
      case_date: acc.scanDate ?? acc.fallbackDate,
      pending_finance_date: acc.pfDate,
      presented_date: acc.presentedDate,
      accepted_date: acc.acceptedDate,
      perm_date: acc.permDate,
      // The office of the procedure that gave the provider; recalculation falls back to the
      // patient's first office named anywhere (withFirstLocations) when that one names none.
      location: byConsult ? acc.consultLocation : acc.firstBitLocation,
      win_loss: outcome.win_loss,
      no_of_arches: outcome.no_of_arches,
      case_value: outcome.case_value,
      treatment_flags: flagsFromScore(acc.score),
    };
  });
}

/**
 * Fills the location of rows whose provider-giving procedure named none with the first office
 * named among all the patient's Full Arch Report procedures (`firstLocations`, by patient key).
 */
export function withFirstLocations(rows: ScoresheetRow[], firstLocations: ReadonlyMap<string, string>): void {
  for (const row of rows) row.location ??= firstLocations.get(row.patient_key) ?? null;
}
