// Calendar dates as whole day numbers (days since 1970-01-01). Exports hold calendar dates with no
// time zone, so all arithmetic is done in UTC and never depends on the machine's TZ.

const MS_PER_DAY = 86_400_000;
/** Excel's serial number of 1970-01-01 (1900 date system). */
const EXCEL_EPOCH_OFFSET = 25_569;

export function dayOf(year: number, month: number, day: number): number {
  return Math.round(Date.UTC(year, month - 1, day) / MS_PER_DAY);
}

export function parts(day: number): { year: number; month: number; day: number } {
  const d = new Date(day * MS_PER_DAY);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

export function yearOf(day: number): number {
  return new Date(day * MS_PER_DAY).getUTCFullYear();
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekday(day: number): number {
  return new Date(day * MS_PER_DAY).getUTCDay();
}

/** Fixed-date holidays on which offices are closed (month * 100 + day). */
const HOLIDAYS = new Set([101, 704, 1225]);

/** Offices are closed on Sundays and holidays, most on Saturdays too: move to the next open day. */
export function toWorkday(day: number, allowSaturday: boolean): number {
  for (;;) {
    const w = weekday(day);
    const p = parts(day);
    if (w === 0 || (w === 6 && !allowSaturday) || HOLIDAYS.has(p.month * 100 + p.day)) day++;
    else return day;
  }
}

/** `M/D/YYYY`, as practice-management systems print dates in CSV exports. */
export function formatMdy(day: number): string {
  const p = parts(day);
  return `${p.month}/${p.day}/${p.year}`;
}

/** `MM/DD/YYYY` for report title lines. */
export function formatMdyPadded(day: number): string {
  const p = parts(day);
  return `${String(p.month).padStart(2, '0')}/${String(p.day).padStart(2, '0')}/${p.year}`;
}

export function parseIsoDate(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!m) throw new Error(`Invalid date '${text}': use YYYY-MM-DD`);
  const day = dayOf(Number(m[1]), Number(m[2]), Number(m[3]));
  const back = parts(day);
  if (back.year !== Number(m[1]) || back.month !== Number(m[2]) || back.day !== Number(m[3])) {
    throw new Error(`Invalid date '${text}'`);
  }
  return day;
}

/** A JS Date at UTC midnight: ExcelJS turns it into the exact integer serial of that day. */
export function toUtcDate(day: number): Date {
  return new Date(day * MS_PER_DAY);
}

export function excelSerial(day: number): number {
  return day + EXCEL_EPOCH_OFFSET;
}
