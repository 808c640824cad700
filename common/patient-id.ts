/**
 * A patient's id in addresses (docs/behaviour.md section 7): opaque, stable across imports, so a
 * link or a bookmark opens the same patient while no name lands in a browser's history or a
 * proxy's log. `p` and 20 hexadecimal digits.
 */
export const PATIENT_ID = /^p[0-9a-f]{20}$/;

export const isPatientId = (text: string) => PATIENT_ID.test(text);
