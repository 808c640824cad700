/**
 * Exact rounding and money helpers. Figures must match the rules to the cent and to the decimal,
 * so ratios are rounded from integers and money is summed in integer cents (floats drift).
 */

/**
 * `num / den` rounded to `decimals` places, half away from zero, decided exactly.
 * Both operands must be integers (counts); `den` 0 gives 0 (the rules' "0.0 when none").
 */
export function roundRatio(num: number, den: number, decimals: number): number {
  if (!Number.isInteger(num) || !Number.isInteger(den)) throw new RangeError('roundRatio needs integers');
  if (den === 0) return 0;
  const negative = num < 0 !== den < 0;
  const n = Math.abs(num) * 10 ** decimals;
  const d = Math.abs(den);
  // q = floor((2n + d) / 2d); the float quotient is only a guess, corrected with exact products.
  const top = 2 * n + d;
  const bottom = 2 * d;
  let q = Math.floor(top / bottom);
  while (q * bottom > top) q--;
  while ((q + 1) * bottom <= top) q++;
  const scaled = negative ? -q : q;
  return scaled / 10 ** decimals;
}

/** An amount in dollars as integer cents, half away from zero. */
export function toCents(amount: number): number {
  const cents = Math.round(Math.abs(amount) * 100);
  return amount < 0 ? -cents : cents;
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/** Sum of dollar amounts, exact to the cent. */
export function sumMoney(amounts: Iterable<number>): number {
  let cents = 0;
  for (const a of amounts) cents += toCents(a);
  return fromCents(cents);
}
