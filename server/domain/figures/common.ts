import { ALL_PROVIDERS } from '../../../common/api/dashboard';
/** Rules shared by every dashboard figure (docs/behaviour.md section 6). */
import { fromCents, toCents } from '../round';
import type { Ignore, MonthGrid, MonthGridRow } from './types';

/** A provider filter: a provider name, or null for every provider. */
export type ProviderFilter = string | null;

const ALL = new Set(['', 'all', 'all providers']);

/**
 * The filter of a provider held to their own patients whose account names no provider
 * (docs/behaviour.md section 14): it matches no row. Its leading space keeps it apart from every
 * provider name in the data, which is trimmed on import.
 */
export const NO_PROVIDER = ' (no provider name)';

/**
 * The one place the provider filter is interpreted: absent, empty, `all` or `All Providers`
 * (any case) means every provider; NO_PROVIDER means none; anything else is a provider name,
 * whitespace-normalized like provider names in files (rules section 1) and then compared exactly.
 */
export function providerFilter(raw: string | null | undefined): ProviderFilter {
  if (raw == null) return null;
  if (raw === NO_PROVIDER) return NO_PROVIDER;
  const name = raw.trim().replace(/\s+/g, ' ');
  return ALL.has(name.toLowerCase()) ? null : name;
}

/** How titles and the audit log name a filter: `All Providers`, `No provider name`, or the name. */
export function providerLabel(filter: ProviderFilter): string {
  if (filter === null) return ALL_PROVIDERS;
  return filter === NO_PROVIDER ? 'No provider name' : filter;
}

/**
 * The provider a signed-in user's figures and patients are held to (docs/behaviour.md section
 * 14), or null when they are not held: managers, admins, and every provider while the setting is
 * off. A provider account with no provider name, or with one that would read as every provider,
 * is held to NO_PROVIDER and sees nothing.
 */
export function heldProvider(
  user: { role: string; provider_name: string | null },
  ownOnly: boolean,
): ProviderFilter {
  if (!ownOnly || user.role !== 'provider') return null;
  const own = providerFilter(user.provider_name ?? '');
  return own === null ? NO_PROVIDER : own;
}

/** An audit detail's `provider` for a call held to one provider (section 14); nothing otherwise. */
export const heldDetail = (heldTo: ProviderFilter): { provider?: string } =>
  heldTo === null ? {} : { provider: providerLabel(heldTo) };

export function matchesProvider(filter: ProviderFilter, provider: string): boolean {
  return filter === null || provider === filter;
}

/** Case-insensitive order; names equal but for case fall back to exact order so output is stable. */
export function compareText(a: string, b: string): number {
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  if (la !== lb) return la < lb ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

export function sortProviders(names: Iterable<string>): string[] {
  return [...new Set(names)].sort(compareText);
}

/** Details order: date ascending with null (TBD) last, then patient name case-insensitively. */
export function sortDetails<T extends { patient_name: string }>(
  rows: T[],
  dateOf: (r: T) => string | null,
): T[] {
  return rows.sort((a, b) => {
    const da = dateOf(a);
    const db = dateOf(b);
    if (da !== db) {
      if (da === null) return 1;
      if (db === null) return -1;
      return da < db ? -1 : 1;
    }
    return compareText(a.patient_name, b.patient_name);
  });
}

/** Patient keys the Ignore List leaves out of year `year`'s figures. */
export function ignoredKeys(ignore: Ignore, year: number): Set<string> {
  const y = String(year);
  const keys = new Set<string>();
  for (const entry of ignore) if (entry.year_code.trim() === y) keys.add(entry.patient_key);
  return keys;
}

export function inYear(date: string | null, year: number): date is string {
  if (date === null) return false;
  return date.startsWith(`${year}-`);
}

export function monthOf(date: string): string {
  return date.slice(0, 7);
}

export function yearOf(date: string): number {
  return Number(date.slice(0, 4));
}

/** The twelve month keys of a year. */
export function yearMonths(year: number): string[] {
  return Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`);
}

/** A month path parameter: `YYYY-MM`, or `1`..`12` with a year. null when neither. */
export function parseMonthParam(month: string, year?: number): string | null {
  const m = month.trim();
  if (/^\d{4}-(0[1-9]|1[0-2])$/.test(m)) return m;
  if (year !== undefined && /^\d{1,2}$/.test(m) && Number(m) >= 1 && Number(m) <= 12) {
    return `${year}-${m.padStart(2, '0')}`;
  }
  return null;
}

const CANCELLED = /cancel|broken|no[ -]show/i;

/** Appointment statuses that count in no figure (rules section 2). */
export function isCancelledStatus(status: string): boolean {
  return CANCELLED.test(status);
}

/** Whether an appointment may count in a figure; the status is re-checked in case the flag was not set. */
export function isLive(appt: { cancelled: boolean; scheduled_status: string }): boolean {
  return !appt.cancelled && !isCancelledStatus(appt.scheduled_status);
}

/** Sum of money amounts, exact to the cent. */
export function totalValue<T>(rows: T[], amountOf: (r: T) => number): number {
  let cents = 0;
  for (const r of rows) cents += toCents(amountOf(r));
  return fromCents(cents);
}

/**
 * A provider-by-month grid, summed in cents. Every provider with an entry gets a row, and every
 * row and month_totals hold every month key (0 when empty).
 */
export function buildMonthGrid(
  months: string[],
  entries: Iterable<{ provider: string; month: string; value: number }>,
): MonthGrid {
  const cells = new Map<string, Map<string, number>>();
  for (const e of entries) {
    let row = cells.get(e.provider);
    if (row === undefined) {
      row = new Map();
      cells.set(e.provider, row);
    }
    row.set(e.month, (row.get(e.month) ?? 0) + toCents(e.value));
  }
  const monthCents = new Map<string, number>(months.map((m) => [m, 0]));
  let grandCents = 0;
  const providers = sortProviders(cells.keys()).map((provider) => {
    // Built key by key so the JSON reads provider, months, total.
    const row = { provider } as MonthGridRow;
    let rowCents = 0;
    for (const m of months) {
      const c = cells.get(provider)?.get(m) ?? 0;
      row[m] = fromCents(c);
      rowCents += c;
      monthCents.set(m, (monthCents.get(m) ?? 0) + c);
    }
    row.total = fromCents(rowCents);
    grandCents += rowCents;
    return row;
  });
  const month_totals: Record<string, number> = {};
  for (const m of months) month_totals[m] = fromCents(monthCents.get(m) ?? 0);
  return { months, providers, month_totals, grand_total: fromCents(grandCents) };
}
