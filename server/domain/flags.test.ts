import {
  BIT,
  FLAGS,
  flagsFromScore,
  KNOWN_LABELS,
  labelBit,
  labelKind,
  MAX_SCORE,
  procedureStatus,
  scoreOf,
  statusOfScore,
} from './flags';

describe('FLAGS', () => {
  it('follows the table of rules section 3, in bit order', () => {
    expect(FLAGS.map((f) => [f.key, f.label, f.bit])).toEqual([
      ['had_consult', 'Consult', 1],
      ['presented_max', 'Presented Max', 2],
      ['presented_mand', 'Presented Mand', 4],
      ['accepted_max', 'Accepted Max', 8],
      ['accepted_mand', 'Accepted Mand', 16],
      ['had_temp_upper', 'Temp Upper', 32],
      ['had_temp_lower', 'Temp Lower', 64],
      ['had_perm_upper', 'Perm Upper', 128],
      ['had_perm_lower', 'Perm Lower', 256],
      ['pending_finance_mand', 'PF Mand', 512],
      ['pending_finance_max', 'PF Max', 1024],
    ]);
    expect(MAX_SCORE).toBe(2047);
    expect(BIT.pending_finance_max).toBe(1024);
  });

  it('lists twelve known labels, Scan last', () => {
    expect(KNOWN_LABELS).toHaveLength(12);
    expect(KNOWN_LABELS[0]).toBe('Consult');
    expect(KNOWN_LABELS[11]).toBe('Scan');
  });
});

describe('labelKind', () => {
  it('matches case-insensitively and trimmed', () => {
    expect(labelKind('Consult')).toEqual({ flag: 'had_consult' });
    expect(labelKind('  pf MAX ')).toEqual({ flag: 'pending_finance_max' });
    expect(labelKind('temp lower')).toEqual({ flag: 'had_temp_lower' });
    expect(labelKind('SCAN')).toBe('scan');
    expect(labelKind(' scan')).toBe('scan');
  });

  it('gives null for any other label', () => {
    expect(labelKind('Crown')).toBeNull();
    expect(labelKind('')).toBeNull();
    expect(labelKind(null)).toBeNull();
    expect(labelKind('Presented  Max')).toBeNull();
  });

  it('labelBit is 0 for Scan and unknown labels', () => {
    expect(labelBit('accepted mand')).toBe(16);
    expect(labelBit('Scan')).toBe(0);
    expect(labelBit('Crown')).toBe(0);
  });
});

describe('scores and statuses', () => {
  it('round-trips every score', () => {
    for (let s = 0; s <= MAX_SCORE; s++) expect(scoreOf(flagsFromScore(s))).toBe(s);
  });

  it('are shared and frozen per score, so no row can change another', () => {
    expect(flagsFromScore(43)).toBe(flagsFromScore(43));
    expect(Object.isFrozen(flagsFromScore(43))).toBe(true);
  });

  it('names the true flags in bit order', () => {
    const flags = {
      ...flagsFromScore(0),
      had_temp_upper: true,
      had_consult: true,
      accepted_max: true,
      presented_max: true,
    };
    // 1 + 2 + 8 + 32
    expect(scoreOf(flags)).toBe(43);
    expect(procedureStatus(flags)).toBe('Consult, Presented Max, Accepted Max, Temp Upper');
    expect(statusOfScore(43)).toBe('Consult, Presented Max, Accepted Max, Temp Upper');
    expect(statusOfScore(512 + 1024)).toBe('PF Mand, PF Max');
    expect(statusOfScore(0)).toBe('');
    expect(() => statusOfScore(2048)).toThrow(RangeError);
  });

  it('flagsFromScore sets exactly the bits of the score', () => {
    expect(flagsFromScore(1 + 256)).toEqual({
      had_consult: true,
      presented_max: false,
      presented_mand: false,
      accepted_max: false,
      accepted_mand: false,
      had_temp_upper: false,
      had_temp_lower: false,
      had_perm_upper: false,
      had_perm_lower: true,
      pending_finance_mand: false,
      pending_finance_max: false,
    });
  });
});
