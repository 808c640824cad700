// Phone numbers for the sample patients: most have one, some none, as in a real practice's
// records. Derived from the patient's number alone, not drawn from the generator's random stream,
// so adding them left every other value of the samples as it was. All in the 555-01xx range that
// is set aside for fiction.

const AREA_CODES = ['512', '737', '210', '830'];
const SHARE_WITH_PHONE = 85;

export function phoneOf(patient: number): string | null {
  // Knuth's multiplicative hash spreads neighbouring numbers apart.
  const h = Math.imul(patient + 1, 2_654_435_761) >>> 0;
  if (h % 100 >= SHARE_WITH_PHONE) return null;
  const area = AREA_CODES[(h >>> 8) % AREA_CODES.length];
  return `(${area}) 555-01${String((h >>> 16) % 100).padStart(2, '0')}`;
}
