import { FLAGS, SCAN_LABEL } from '../../common/code-labels';

// The label table itself lives in common/ so the Configuration tab offers the same labels.
export { FLAGS, KNOWN_LABELS, SCAN_LABEL } from '../../common/code-labels';

export type FlagDef = (typeof FLAGS)[number];
export type FlagKey = FlagDef['key'];
export type TreatmentFlags = Record<FlagKey, boolean>;

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

function buildFlags(score: number): TreatmentFlags {
  const flags = {} as TreatmentFlags;
  for (const f of FLAGS) flags[f.key] = (score & f.bit) !== 0;
  return Object.freeze(flags);
}

// One frozen set of flags per score, shared by every row with that score: the figures' inputs
// hold a row per patient, and making each its own object was a third of loading them.
const FLAGS_BY_SCORE: readonly TreatmentFlags[] = Array.from({ length: MAX_SCORE + 1 }, (_, s) =>
  buildFlags(s),
);

/** The flags a score's bits set (shared and frozen: copy before changing). */
export function flagsFromScore(score: number): TreatmentFlags {
  return FLAGS_BY_SCORE[score] ?? buildFlags(score);
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
