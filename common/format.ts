/**
 * Display formats shared by every tab (docs/screens.md section 9). Every date a user reads is
 * `MM/DD/YYYY`, as the practice management system writes it; chart axes name months instead.
 */

const currency = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

/** `$12,345`; '-' for zero or no value, as every money cell shows. */
export function formatCurrency(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value) || Math.round(value) === 0) return '-';
  return currency.format(value);
}

/** One decimal place: `42.5%`; '-' when there is no value. */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  return `${value.toFixed(1)}%`;
}

const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/;
const timestampFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * `MM/DD/YYYY`. A plain date is rearranged as is (parsing it would shift it a day west of UTC);
 * a timestamp shows the local calendar date. Empty gives ''; anything unreadable is shown unchanged.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const plain = dateOnly.exec(value);
  if (plain) return `${plain[2]}/${plain[3]}/${plain[1]}`;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : timestampFormat.format(date);
}

const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: 'numeric',
  minute: '2-digit',
});

/** `11/22/2026, 9:15 PM` in local time, for a moment (an import, a report); unreadable text unchanged. */
export function formatDateTime(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  // Some engines put a narrow no-break space before AM/PM: one plain space reads and copies alike.
  return dateTimeFormat.format(date).replace(/\s+/g, ' ');
}

/** A file's size as people read it: `812 bytes`, `4.2 KB`, `38.5 MB`, `1.2 GB` (1 KB = 1,024 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes.toLocaleString('en-US')} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
