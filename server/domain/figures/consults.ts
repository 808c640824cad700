/** 6.1 Consult overview and its details (docs/behaviour.md section 6.1). */
import type {
  ConsultDetailsResponse,
  ConsultDetailType,
  ConsultOverview as ConsultOverviewResponse,
} from '../../../common/api/dashboard';
import { labelKind } from '../flags';
import { roundRatio } from '../round';
import type { ScoresheetRow } from '../scoresheet';
import {
  ignoredKeys,
  inYear,
  isLive,
  matchesProvider,
  providerFilter,
  sortDetails,
  sortProviders,
} from './common';
import type { Appt, Ignore, Sheet } from './types';

// The figures' shapes are the API's answers (common/api/dashboard.ts) less `success` and `year`.
export type ConsultOverview = Omit<ConsultOverviewResponse, 'success' | 'year'>;
export type ConsultCounts = ConsultOverview['totals'];
export type ConsultProviderRow = ConsultOverview['providers'][number];
export type AcceptableRange = ConsultOverview['acceptable_range'];
export type VarianceStatus = AcceptableRange['variance_status'];
export type ConsultDetail = ConsultDetailsResponse['details'][number];

/** The consults of year Y: scoresheet rows with had_consult and consult_date in Y, not ignored for Y. */
export function yearConsults(sheet: Sheet, ignored: Set<string>, year: number): ScoresheetRow[] {
  return sheet.filter(
    (r) => r.treatment_flags.had_consult && inYear(r.consult_date, year) && !ignored.has(r.patient_key),
  );
}

/**
 * Future consults of year Y, one per patient and date. Deduplicated before any provider filter, so
 * the first row in file order gives the provider whichever provider is asked for.
 */
function futureConsults(appts: Appt[], ignored: Set<string>, year: number): Appt[] {
  const seen = new Set<string>();
  const out: Appt[] = [];
  for (const a of appts) {
    if (!isLive(a) || !inYear(a.appt_date, year) || ignored.has(a.patient_key)) continue;
    const kind = labelKind(a.label);
    if (kind === null || kind === 'scan' || kind.flag !== 'had_consult') continue;
    const visit = `${a.patient_key}\n${a.appt_date}`;
    if (seen.has(visit)) continue;
    seen.add(visit);
    out.push(a);
  }
  return out;
}

function counts(lost: number, won: number, pf: number, ytd: number, future: number): ConsultCounts {
  return {
    consults_lost: lost,
    consults_won: won,
    pending_finance: pf,
    consults_ytd: ytd,
    future_consults: future,
    future_ytd_total: ytd + future,
    win_rate: roundRatio(won * 100, ytd, 1),
  };
}

type Tally = { lost: number; won: number; pf: number; ytd: number; future: number };

export function consultOverview(
  sheet: Sheet,
  appts: Appt[],
  ignore: Ignore,
  year: number,
  provider: string | null | undefined,
): ConsultOverview {
  const ignored = ignoredKeys(ignore, year);
  const tallies = new Map<string, Tally>();
  const tally = (p: string) => {
    let t = tallies.get(p);
    if (t === undefined) {
      t = { lost: 0, won: 0, pf: 0, ytd: 0, future: 0 };
      tallies.set(p, t);
    }
    return t;
  };
  for (const r of yearConsults(sheet, ignored, year)) {
    const t = tally(r.provider);
    t.ytd++;
    if (r.win_loss === 'Won') t.won++;
    else if (r.win_loss === 'Lost') t.lost++;
    else if (r.win_loss === 'PF') t.pf++;
  }
  for (const a of futureConsults(appts, ignored, year)) tally(a.provider).future++;

  const filter = providerFilter(provider);
  const providers: ConsultProviderRow[] = sortProviders(tallies.keys())
    .filter((p) => matchesProvider(filter, p))
    .map((p) => {
      const t = tallies.get(p)!;
      return { provider: p, ...counts(t.lost, t.won, t.pf, t.ytd, t.future) };
    });

  const sum = (f: (r: ConsultProviderRow) => number) => providers.reduce((s, r) => s + f(r), 0);
  const totals = counts(
    sum((r) => r.consults_lost),
    sum((r) => r.consults_won),
    sum((r) => r.pending_finance),
    sum((r) => r.consults_ytd),
    sum((r) => r.future_consults),
  );
  return { providers, totals, acceptable_range: acceptableRange([...tallies.values()], providers) };
}

/** The range is over every provider of the year; `outside` only names the providers shown. */
function acceptableRange(all: Tally[], shown: ConsultProviderRow[]): AcceptableRange {
  const n = all.length;
  if (n === 0) return { mean: 0, lower: 0, upper: 0, variance_status: 'Acceptable Variance', outside: [] };
  const s = all.reduce((acc, t) => acc + t.ytd + t.future, 0);
  // t < 0.8 S/n  <=>  5nt < 4S, and t > 1.2 S/n  <=>  5nt > 6S: integers, so no float edge cases.
  const outside = shown
    .filter((r) => 5 * n * r.future_ytd_total < 4 * s || 5 * n * r.future_ytd_total > 6 * s)
    .map((r) => r.provider);
  return {
    mean: roundRatio(s, n, 2),
    lower: roundRatio(4 * s, 5 * n, 2),
    upper: roundRatio(6 * s, 5 * n, 2),
    variance_status: outside.length === 0 ? 'Acceptable Variance' : 'Variance Too Large',
    outside,
  };
}

const WIN_LOSS_OF = { consults_won: 'Won', consults_lost: 'Lost', pending_finance: 'PF' } as const;

/** The rows behind one 6.1 cell; their count equals the cell. */
export function consultDetails(
  sheet: Sheet,
  appts: Appt[],
  ignore: Ignore,
  year: number,
  provider: string | null | undefined,
  type: ConsultDetailType,
): ConsultDetail[] {
  const ignored = ignoredKeys(ignore, year);
  const filter = providerFilter(provider);
  if (type === 'future_consults') {
    const rows = futureConsults(appts, ignored, year)
      .filter((a) => matchesProvider(filter, a.provider))
      .map((a) => ({
        patient_name: a.patient_name,
        provider: a.provider,
        status: a.scheduled_status,
        date: a.appt_date,
      }));
    return sortDetails(rows, (r) => r.date);
  }
  const winLoss = WIN_LOSS_OF[type];
  const rows = yearConsults(sheet, ignored, year)
    .filter((r) => r.win_loss === winLoss && matchesProvider(filter, r.provider))
    .map((r) => ({
      patient_name: r.patient_name,
      provider: r.provider,
      status: r.win_loss,
      date: r.consult_date,
    }));
  return sortDetails(rows, (r) => r.date);
}
