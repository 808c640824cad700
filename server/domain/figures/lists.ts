/** The Provider and Year select options (docs/behaviour.md section 6). */
import { FIRST_YEAR } from '../../../common/limits';
import { sortProviders, yearOf } from './common';
import type { Appt, Sheet } from './types';

/** Every provider of the scoresheet and of the Future Scheduled data (cancelled visits included: they are data, not a figure). */
export function providerList(sheet: Sheet, appts: Appt[]): string[] {
  const names: string[] = [];
  for (const r of sheet) if (r.provider !== '') names.push(r.provider);
  for (const a of appts) if (a.provider !== '') names.push(a.provider);
  return sortProviders(names);
}

/**
 * 2024 through the later of the current year and the latest year of any date in the data:
 * `otherYears` are those the scoresheet and appointments do not show (the latest procedure of any
 * kind, the Ignore List's years).
 */
export function yearOptions(
  sheet: Sheet,
  appts: Appt[],
  currentYear: number,
  otherYears: number[] = [],
): number[] {
  let last = Math.max(currentYear, ...otherYears);
  const see = (date: string | null) => {
    if (date !== null) {
      const y = yearOf(date);
      if (y > last) last = y;
    }
  };
  for (const r of sheet) {
    see(r.consult_date);
    see(r.date_of_temp_placement);
    see(r.case_date);
    see(r.pending_finance_date);
  }
  for (const a of appts) see(a.appt_date);
  const years: number[] = [];
  for (let y = FIRST_YEAR; y <= last; y++) years.push(y);
  return years;
}
