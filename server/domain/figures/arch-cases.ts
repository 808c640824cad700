/** 6.2 Arch cases by month and their details (docs/behaviour.md section 6.2). */
import type { ArchCaseDetailsResponse } from '../../../common/api/dashboard';
import type { ScoresheetRow } from '../scoresheet';
import {
  buildMonthGrid,
  ignoredKeys,
  inYear,
  matchesProvider,
  monthOf,
  providerFilter,
  sortDetails,
  totalValue,
  yearMonths,
  yearOf,
} from './common';
import type { Ignore, MonthGrid, Sheet } from './types';

export type ArchCaseDetails = Omit<ArchCaseDetailsResponse, 'success'>;
export type ArchCaseDetail = ArchCaseDetails['patients'][number];

/** The arch cases of year Y: won scoresheet rows with case_date in Y, not ignored for Y. */
export function yearArchCases(sheet: Sheet, ignored: Set<string>, year: number): ScoresheetRow[] {
  return sheet.filter(
    (r) => r.win_loss === 'Won' && inYear(r.case_date, year) && !ignored.has(r.patient_key),
  );
}

/** Won scoresheet rows with case_date in `year`, by provider and case_date's month. */
export function archCasesByMonth(
  sheet: Sheet,
  ignore: Ignore,
  year: number,
  provider: string | null | undefined,
): MonthGrid {
  const filter = providerFilter(provider);
  const entries: { provider: string; month: string; value: number }[] = [];
  for (const r of yearArchCases(sheet, ignoredKeys(ignore, year), year)) {
    if (r.case_date === null || !matchesProvider(filter, r.provider)) continue;
    entries.push({ provider: r.provider, month: monthOf(r.case_date), value: r.case_value });
  }
  return buildMonthGrid(yearMonths(year), entries);
}

/**
 * The won cases behind one 6.2 cell (or column, with every provider); `month` is `YYYY-MM`, or
 * `YYYY` for a Total cell's whole year.
 */
export function archCaseDetails(
  sheet: Sheet,
  ignore: Ignore,
  month: string,
  provider: string | null | undefined,
): ArchCaseDetails {
  const ignored = ignoredKeys(ignore, yearOf(month));
  const filter = providerFilter(provider);
  const wholeYear = /^\d{4}$/.test(month);
  const patients: ArchCaseDetail[] = sheet
    .filter(
      (r) =>
        r.win_loss === 'Won' &&
        r.case_date !== null &&
        (wholeYear ? inYear(r.case_date, Number(month)) : monthOf(r.case_date) === month) &&
        !ignored.has(r.patient_key) &&
        matchesProvider(filter, r.provider),
    )
    .map((r) => ({
      patient_name: r.patient_name,
      provider: r.provider,
      case_value: r.case_value,
      date: r.case_date,
      status: r.procedure_status,
    }));
  return {
    total_value: totalValue(patients, (p) => p.case_value),
    patients: sortDetails(patients, (p) => p.date),
  };
}
