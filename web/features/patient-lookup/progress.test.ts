import {
  NO_PROGRESS,
  NO_TREATMENT_DATA,
  type TreatmentFlags,
  treatmentProgress,
  treatmentSteps,
} from './progress';

const none: TreatmentFlags = {
  had_consult: false,
  presented_max: false,
  presented_mand: false,
  accepted_max: false,
  accepted_mand: false,
  had_temp_upper: false,
  had_temp_lower: false,
  had_perm_upper: false,
  had_perm_lower: false,
  pending_finance_mand: false,
  pending_finance_max: false,
};
const flags = (...set: (keyof TreatmentFlags)[]): TreatmentFlags =>
  Object.fromEntries(
    Object.keys(none).map((key) => [key, set.includes(key as keyof TreatmentFlags)]),
  ) as TreatmentFlags;

describe('treatmentProgress', () => {
  it('says there is no data when the patient has no scoresheet', () => {
    expect(treatmentProgress(null)).toBe(NO_TREATMENT_DATA);
    expect(treatmentProgress(undefined)).toBe('No treatment data');
  });

  it('says there is no progress when no flag is set', () => {
    expect(treatmentProgress(none)).toBe(NO_PROGRESS);
    expect(NO_PROGRESS).toBe('No treatment progress');
  });

  it('joins every step with arrows, in treatment order', () => {
    const all = flags(...(Object.keys(none) as (keyof TreatmentFlags)[]));
    expect(treatmentProgress(all)).toBe(
      'Consultation → Case Presented → Case Accepted → Temporary Placement → Permanent Placement → Pending Finance',
    );
  });

  it('shows a single step without arrows', () => {
    expect(treatmentProgress(flags('had_consult'))).toBe('Consultation');
  });

  it.each([
    ['presented_max', 'Case Presented'],
    ['presented_mand', 'Case Presented'],
    ['accepted_max', 'Case Accepted'],
    ['accepted_mand', 'Case Accepted'],
    ['had_temp_upper', 'Temporary Placement'],
    ['had_temp_lower', 'Temporary Placement'],
    ['had_perm_upper', 'Permanent Placement'],
    ['had_perm_lower', 'Permanent Placement'],
    ['pending_finance_mand', 'Pending Finance'],
    ['pending_finance_max', 'Pending Finance'],
  ] as const)('%s alone reaches %s', (flag, step) => {
    expect(treatmentSteps(flags(flag))).toEqual([step]);
  });

  it('names a step once when both arches reach it', () => {
    expect(
      treatmentProgress(flags('presented_max', 'presented_mand', 'had_temp_upper', 'had_temp_lower')),
    ).toBe('Case Presented → Temporary Placement');
  });

  it('skips steps that were not reached and keeps the order of the rest', () => {
    expect(treatmentProgress(flags('pending_finance_max', 'had_consult', 'accepted_mand'))).toBe(
      'Consultation → Case Accepted → Pending Finance',
    );
  });
});
