/** What one import may hold (MAX_IMPORT_ROWS, MAX_IMPORT_INFLATED_MB). */
export interface ImportLimits {
  maxRows: number;
  maxInflatedBytes: number;
}

export const MIB = 1024 * 1024;
// Three million procedure rows, the largest group planned for, fit under both with room to spare.
export const DEFAULT_IMPORT_LIMITS: ImportLimits = { maxRows: 4_000_000, maxInflatedBytes: 1536 * MIB };
