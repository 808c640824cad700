import { DEFAULT_CODE_MAPPINGS, STANDARD_ARCH_VALUE } from './default-mappings';
import { KNOWN_LABELS } from './flags';

describe('DEFAULT_CODE_MAPPINGS', () => {
  it('holds the 14 defaults of rules section 3', () => {
    expect(STANDARD_ARCH_VALUE).toBe(14995);
    expect(DEFAULT_CODE_MAPPINGS).toHaveLength(14);
    expect(new Set(DEFAULT_CODE_MAPPINGS.map((m) => m.proc_code)).size).toBe(14);
    // Only the two temporaries carry a value.
    expect(DEFAULT_CODE_MAPPINGS.filter((m) => m.value !== null)).toEqual([
      { proc_code: 'D6119', label: 'Temp Upper', value: 14995 },
      { proc_code: 'D6118', label: 'Temp Lower', value: 14995 },
    ]);
    expect(DEFAULT_CODE_MAPPINGS.find((m) => m.proc_code === 'D0802')?.label).toBe('Scan');
  });

  it('covers every known label with normalized codes', () => {
    expect(new Set(DEFAULT_CODE_MAPPINGS.map((m) => m.label))).toEqual(new Set(KNOWN_LABELS));
    for (const m of DEFAULT_CODE_MAPPINGS) expect(m.proc_code).toBe(m.proc_code.trim().toUpperCase());
  });
});
