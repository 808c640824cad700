/**
 * The label table of rules.md section 3: which code-mapping labels carry a meaning, and the
 * bit each treatment flag adds to a patient's score.
 */

export const FLAGS = [
  { key: 'had_consult', label: 'Consult', bit: 1 },
  { key: 'presented_max', label: 'Presented Max', bit: 2 },
  { key: 'presented_mand', label: 'Presented Mand', bit: 4 },
  { key: 'accepted_max', label: 'Accepted Max', bit: 8 },
  { key: 'accepted_mand', label: 'Accepted Mand', bit: 16 },
  { key: 'had_temp_upper', label: 'Temp Upper', bit: 32 },
  { key: 'had_temp_lower', label: 'Temp Lower', bit: 64 },
  { key: 'had_perm_upper', label: 'Perm Upper', bit: 128 },
  { key: 'had_perm_lower', label: 'Perm Lower', bit: 256 },
  { key: 'pending_finance_mand', label: 'PF Mand', bit: 512 },
  { key: 'pending_finance_max', label: 'PF Max', bit: 1024 },
] as const;

export type FlagDef = (typeof FLAGS)[number];
export type FlagKey = FlagDef['key'];
export type TreatmentFlags = Record<FlagKey, boolean>;

/** Scan sets no bit; it only dates the case (section 4, case_date). */
export const SCAN_LABEL = 'Scan';

/** Every label with a meaning, in table order, for the UI's label picker. */
export const KNOWN_LABELS: string[] = [...FLAGS.map((f) => f.label), SCAN_LABEL];

/** Every flag true. */
export const MAX_SCORE = 2047;

export const BIT: Record<FlagKey, number> = Object.fromEntries(FLAGS.map((f) => [f.key, f.bit])) as Record<
  FlagKey,
  number
>;

const flagByLabel = new Map<string, FlagDef>(FLAGS.map((f) => [f.label.toLowerCase(), f]));
const SCAN_KEY = SCAN_LABEL.toLowerCase();

/** What a code-mapping label means; labels compare case-insensitively, ignoring outer spaces. */
export function labelKind(label: string | null | undefined): { flag: FlagKey } | 'scan' | null {
  if (label == null) return null;
  const key = label.trim().toLowerCase();
  if (key === SCAN_KEY) return 'scan';
  const def = flagByLabel.get(key);
  return def ? { flag: def.key } : null;
}

/** The bit a label sets, 0 when it sets none (Scan included). */
export function labelBit(label: string | null | undefined): number {
  const kind = labelKind(label);
  return kind !== null && kind !== 'scan' ? BIT[kind.flag] : 0;
}

export function scoreOf(flags: TreatmentFlags): number {
  let score = 0;
  for (const f of FLAGS) if (flags[f.key]) score |= f.bit;
  return score;
}

export function flagsFromScore(score: number): TreatmentFlags {
  const flags = {} as TreatmentFlags;
  for (const f of FLAGS) flags[f.key] = (score & f.bit) !== 0;
  return flags;
}

function statusFromScore(score: number): string {
  return FLAGS.filter((f) => (score & f.bit) !== 0)
    .map((f) => f.label)
    .join(', ');
}

// The scoresheet asks for the status of every patient; 2,048 strings are cheaper than rebuilding them.
const STATUS_BY_SCORE: readonly string[] = Array.from({ length: MAX_SCORE + 1 }, (_, s) =>
  statusFromScore(s),
);

/** Labels of the true flags in bit order, joined by ', ' ('' for no flag). */
export function procedureStatus(flags: TreatmentFlags): string {
  return STATUS_BY_SCORE[scoreOf(flags)];
}

/** procedureStatus of the flags a score stands for. */
export function statusOfScore(score: number): string {
  if (!Number.isInteger(score) || score < 0 || score > MAX_SCORE) throw new RangeError(`Bad score ${score}`);
  return STATUS_BY_SCORE[score];
}
