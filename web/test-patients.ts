/**
 * Patients' ids in the web app's tests (common/patient-id.ts): the server's are a keyed hash; these
 * are a plain one of the patient key, as stable and of the same shape.
 */
export function testPatientId(name: string): string {
  const key = name.trim().toLowerCase();
  // Two FNV-1a hashes with different starts: 64 bits, written as 20 hexadecimal digits.
  const fnv = (seed: number) => {
    let h = seed;
    for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619) >>> 0;
    return h.toString(16).padStart(8, '0');
  };
  return `p${fnv(2166136261)}${fnv(84696351)}`.padEnd(21, '0');
}

/** The name among `names` whose id is `id`, or undefined. */
export const nameOfTestId = (names: Iterable<string>, id: string | null) =>
  [...names].find((name) => testPatientId(name) === id);
