/**
 * Amounts as files give them (docs/behaviour.md section 1). Rounding is decided on the decimal digits, not
 * on a float: 1.005 must become 1.01, which `Math.round(1.005 * 100)` gets wrong.
 */

export interface ParsedMoney {
  value: number | null;
  valid: boolean;
}

const INVALID: ParsedMoney = { value: null, valid: false };
// Amounts are stored as numeric(14,2): twelve whole-dollar digits at most (this also keeps the
// cent count far below 2^53, so every step stays exact). A longer one is invalid, not a fault.
const MAX_DOLLAR_DIGITS = 12;

/** Cents from unsigned decimal digits, half away from zero on the third decimal. */
function centsFromDigits(whole: string, fraction: string): number | null {
  const dollars = whole.replace(/^0+/, '');
  if (dollars.length > MAX_DOLLAR_DIGITS) return null;
  const cents = Number(dollars || '0') * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  return fraction.length > 2 && fraction.charCodeAt(2) >= 53 /* '5' */ ? cents + 1 : cents;
}

function fromCents(cents: number, negative: boolean): ParsedMoney {
  // `|| 0` turns -0 into 0 so a negative zero never reaches JSON or the database.
  return { value: (negative ? -cents : cents) / 100 || 0, valid: true };
}

function parseMoneyText(raw: string): ParsedMoney {
  // `$`, commas and spaces are ignored, so a cell of only those is empty, and empty is 0.
  let text = raw.replace(/[$,\s]/g, '');
  if (text === '') return { value: 0, valid: true };
  let negative = false;
  const paren = /^\((.*)\)$/.exec(text);
  if (paren) {
    negative = true;
    text = paren[1];
  }
  if (text.startsWith('-')) {
    if (negative) return INVALID;
    negative = true;
    text = text.slice(1);
  }
  const number = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!number || (number[1] === '' && !number[2])) return INVALID;
  const cents = centsFromDigits(number[1], number[2] ?? '');
  return cents === null ? INVALID : fromCents(cents, negative);
}

/** A spreadsheet number: its shortest decimal form is what the user typed and sees. */
function parseMoneyNumber(n: number): ParsedMoney {
  if (!Number.isFinite(n)) return INVALID;
  const text = String(Math.abs(n));
  if (text.includes('e')) {
    // Only tiny (< 1e-6) or huge (>= 1e21) numbers print with an exponent.
    return Math.abs(n) < 1 ? { value: 0, valid: true } : INVALID;
  }
  const [whole, fraction = ''] = text.split('.');
  const cents = centsFromDigits(whole, fraction);
  return cents === null ? INVALID : fromCents(cents, n < 0);
}

/**
 * An amount from a cell: `$`, commas and spaces ignored, `(12.50)` and `-12.50` negative, empty
 * is 0, rounded to the cent half away from zero. Anything else (`N/C`, `12.3.4`) is invalid.
 */
export function parseMoney(v: unknown): ParsedMoney {
  if (v === null || v === undefined) return { value: 0, valid: true };
  if (typeof v === 'number') return parseMoneyNumber(v);
  if (typeof v === 'string') return parseMoneyText(v);
  return INVALID;
}
