/** 6.3 Future case value, pending finance, and their details (docs/behaviour.md section 6.3). */
import {
  ALL_DATES,
  type FutureCaseDetailsResponse,
  type FutureCaseValueResponse,
  type PendingFinanceDetailsResponse,
} from '../../../common/api/dashboard';
import { fromCents, toCents } from '../round';
import {
  buildMonthGrid,
  isLive,
  matchesProvider,
  monthOf,
  providerFilter,
  sortDetails,
  sortProviders,
  totalValue,
} from './common';
import type { Appt, Sheet } from './types';

export const TBD = 'TBD';

// The figures' shapes are the API's answers (common/api/dashboard.ts) less `success`.
export type FutureCaseValue = Omit<FutureCaseValueResponse, 'success'>;
export type FutureTreatments = FutureCaseValue['future_treatments'];
export type PendingFinanceSummary = FutureCaseValue['pending_finance'];
export type FutureCaseDetails = Omit<FutureCaseDetailsResponse, 'success'>;
export type FutureCaseDetail = FutureCaseDetails['treatments'][number];
export type PendingFinanceDetails = Omit<PendingFinanceDetailsResponse, 'success'>;
export type PendingFinanceDetail = PendingFinanceDetails['cases'][number];

/** Valued appointments (a code mapping with a value, not cancelled) of the providers asked for. */
function valuedAppts(appts: Appt[], provider: string | null | undefined): (Appt & { value: number })[] {
  const filter = providerFilter(provider);
  return appts.filter(
    (a): a is Appt & { value: number } =>
      a.value !== null && isLive(a) && matchesProvider(filter, a.provider),
  );
}

const monthKey = (a: Appt) => (a.appt_date === null ? TBD : monthOf(a.appt_date));

export function futureCaseValue(
  sheet: Sheet,
  appts: Appt[],
  provider: string | null | undefined,
): FutureCaseValue {
  const shown = valuedAppts(appts, provider);
  // Months are those of the appointments shown (after the filter); TBD goes last, not in string order.
  const dated = new Set<string>();
  let hasTbd = false;
  for (const a of shown) {
    if (a.appt_date === null) hasTbd = true;
    else dated.add(monthOf(a.appt_date));
  }
  const months = [...dated].sort();
  if (hasTbd) months.push(TBD);
  const grid = buildMonthGrid(
    months,
    shown.map((a) => ({ provider: a.provider, month: monthKey(a), value: a.value })),
  );

  const filter = providerFilter(provider);
  const pfCents = new Map<string, number>();
  for (const r of sheet) {
    if (r.win_loss !== 'PF' || !matchesProvider(filter, r.provider)) continue;
    pfCents.set(r.provider, (pfCents.get(r.provider) ?? 0) + toCents(r.case_value));
  }
  const pfProviders = sortProviders(pfCents.keys()).map((p) => ({
    provider: p,
    case_value: fromCents(pfCents.get(p)!),
  }));
  const pfTotal = [...pfCents.values()].reduce((s, c) => s + c, 0);

  return {
    future_treatments: {
      months: grid.months,
      dates: [...grid.months],
      providers: grid.providers,
      month_totals: grid.month_totals,
      grand_total: grid.grand_total,
    },
    pending_finance: { providers: pfProviders, grand_total: fromCents(pfTotal) },
  };
}

/**
 * The valued appointments behind one 6.3 cell; `month` is `YYYY-MM`, `TBD`, or `all` (ALL_DATES)
 * for a Total cell: every month, TBD included.
 */
export function futureCaseDetails(
  appts: Appt[],
  month: string,
  provider: string | null | undefined,
): FutureCaseDetails {
  const raw = month.trim();
  const every = raw.toLowerCase() === ALL_DATES;
  const wanted = raw.toUpperCase() === TBD ? TBD : raw;
  const treatments: FutureCaseDetail[] = valuedAppts(appts, provider)
    .filter((a) => every || monthKey(a) === wanted)
    .map((a) => ({
      patient_name: a.patient_name,
      provider: a.provider,
      procedure: a.procedure,
      case_value: a.value,
      appt_date: a.appt_date,
    }));
  return {
    total_value: totalValue(treatments, (t) => t.case_value),
    treatments: sortDetails(treatments, (t) => t.appt_date),
  };
}

/** The scoresheet rows with win_loss PF (any year) behind the pending finance table. */
export function pendingFinanceDetails(
  sheet: Sheet,
  provider: string | null | undefined,
): PendingFinanceDetails {
  const filter = providerFilter(provider);
  const cases: PendingFinanceDetail[] = sheet
    .filter((r) => r.win_loss === 'PF' && matchesProvider(filter, r.provider))
    .map((r) => ({
      patient_name: r.patient_name,
      provider: r.provider,
      case_value: r.case_value,
      date: r.pending_finance_date,
      procedure_status: r.procedure_status,
    }));
  return { total_value: totalValue(cases, (c) => c.case_value), cases: sortDetails(cases, (c) => c.date) };
}
