/**
 * An Open Dental procedure's amount: ProcFee x (UnitQty + BaseUnits), the sum read as 1 when it
 * is 0, rounded to the cent half away from zero. The product is made exactly on the fee's decimal
 * digits, as a file would show them: 1.005 x 3 is 3.015 and rounds to 3.02, where the float
 * product (3.0149999...) would round down.
 */

import { parseMoney } from '../../domain/money';

/** The fee times the units as exact decimal text (`-3.015`), for the money rules to round. */
export function amountText(fee: number, unitQty: number, baseUnits: number): string {
  const units = unitQty + baseUnits === 0 ? 1 : unitQty + baseUnits;
  const text = String(fee);
  // Only tiny (< 1e-6) or huge (>= 1e21) numbers print with an exponent; the float product is
  // then as good as any, and the money rules decide what it is worth.
  if (!Number.isFinite(fee) || !Number.isInteger(units) || text.includes('e')) return String(fee * units);
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = (negative ? text.slice(1) : text).split('.');
  let product = (BigInt(whole + fraction) * BigInt(units)).toString();
  const productNegative = negative !== product.startsWith('-');
  product = product.replace('-', '').padStart(fraction.length + 1, '0');
  const digits =
    fraction.length === 0
      ? product
      : `${product.slice(0, -fraction.length)}.${product.slice(-fraction.length)}`;
  return productNegative && /[1-9]/.test(digits) ? `-${digits}` : digits;
}

/** The amount in dollars, rounded to the cent; null when it does not fit an amount. */
export function procedureAmount(fee: number, unitQty: number, baseUnits: number): number | null {
  return parseMoney(amountText(fee, unitQty, baseUnits)).value;
}
