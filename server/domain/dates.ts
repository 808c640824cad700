/**
 * Calendar dates as files give them (docs/behaviour.md section 1). A date is `YYYY-MM-DD` with no time
 * zone: times are accepted in text and ignored, spreadsheet dates are read from their UTC parts.
 */
import { utcDay } from '../../common/calendar-day';

const MS_PER_DAY = 86_400_000;
// Excel's 1900 system counts 1900-02-29, a day that never was: serial 60. From serial 61 on, the
// day count is therefore from 1899-12-30; before it, from 1899-12-31.
const EXCEL_EPOCH_AFTER_BUG = Date.UTC(1899, 11, 30);
const EXCEL_EPOCH_BEFORE_BUG = Date.UTC(1899, 11, 31);
const EXCEL_FAKE_LEAP_DAY = 60;
const EXCEL_MAX_SERIAL = 2_958_465; // 9999-12-31

const TIME = String.raw`(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:\s*([AaPp][Mm]))?`;
const ISO_DATE = new RegExp(String.raw`^(\d{4})-(\d{2})-(\d{2})(?:(?:T|\s+)${TIME})?$`);
const US_DATE = new RegExp(String.raw`^(\d{1,2})/(\d{1,2})/(\d{4}|\d{2})(?:\s+${TIME})?$`);

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** `YYYY-MM-DD` when the parts name a real day; year 0 is refused because PostgreSQL refuses it. */
function formatDate(year: number, month: number, day: number): string | null {
  if (year < 1 || year > 9999 || month < 1 || month > 12) return null;
  if (day < 1 || day > daysInMonth(year, month)) return null;
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** A time that follows a date must itself make sense, or the text is not a date. */
function isValidTime(hour?: string, minute?: string, second?: string, meridiem?: string): boolean {
  if (hour === undefined) return true;
  const h = Number(hour);
  const hourOk = meridiem ? h >= 1 && h <= 12 : h <= 23;
  return hourOk && Number(minute) <= 59 && (second === undefined || Number(second) <= 59);
}

/**
 * A text date in one of the accepted forms, as `YYYY-MM-DD`; null for anything else, including
 * dates that do not exist (`2/30/2025`) and impossible times.
 */
export function parseDateText(s: string): string | null {
  const text = s.trim();
  const iso = ISO_DATE.exec(text);
  if (iso) {
    if (!isValidTime(iso[4], iso[5], iso[6], iso[7])) return null;
    return formatDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  }
  const us = US_DATE.exec(text);
  if (us) {
    if (!isValidTime(us[4], us[5], us[6], us[7])) return null;
    const year = us[3].length === 2 ? 2000 + Number(us[3]) : Number(us[3]);
    return formatDate(year, Number(us[1]), Number(us[2]));
  }
  return null;
}

function dateFromUtcMs(ms: number): string | null {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return null;
  return formatDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/**
 * An Excel serial (1900 system) as a date; the fraction is a time of day and is dropped. Serial 60
 * is Excel's phantom 1900-02-29 and has no real date.
 */
export function excelSerialToDate(n: number): string | null {
  if (!Number.isFinite(n)) return null;
  const day = Math.floor(n);
  if (day < 1 || day > EXCEL_MAX_SERIAL || day === EXCEL_FAKE_LEAP_DAY) return null;
  const epoch = day < EXCEL_FAKE_LEAP_DAY ? EXCEL_EPOCH_BEFORE_BUG : EXCEL_EPOCH_AFTER_BUG;
  return dateFromUtcMs(epoch + day * MS_PER_DAY);
}

/**
 * A date from a spreadsheet or text cell. ExcelJS and SheetJS give date cells as Dates whose UTC
 * parts are the calendar date shown in Excel, so the local zone must not be used.
 */
export function dateFromCell(v: unknown): string | null {
  if (v instanceof Date) return dateFromUtcMs(v.getTime());
  if (typeof v === 'number') return excelSerialToDate(v);
  if (typeof v === 'string') return parseDateText(v);
  return null;
}

/** `2025-03-04` -> `2025-03`. */
export function monthKey(date: string): string {
  return date.slice(0, 7);
}

/** An Ignore List year: four digits, 2000-2099, as a number cell or text. */
export function parseYearCode(v: unknown): string | null {
  let text: string;
  if (typeof v === 'number') text = Number.isInteger(v) ? String(v) : '';
  else if (typeof v === 'string') text = v.trim();
  else return null;
  if (!/^\d{4}$/.test(text)) return null;
  const year = Number(text);
  return year >= 2000 && year <= 2099 ? text : null;
}

/** The calendar day `days` after `date` (YYYY-MM-DD; negative for before), counted in UTC days. */
export function addDays(date: string, days: number): string {
  const at = Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) + days * 86_400_000;
  return utcDay(new Date(at));
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) =>
  Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / DAY_MS;

/** Whole days from `since` to `asOf` (both YYYY-MM-DD), counted on the calendar, never by clock. */
export const daysBetween = (since: string, asOf: string): number => dayNumber(asOf) - dayNumber(since);
