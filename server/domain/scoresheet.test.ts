import { DEFAULT_CODE_MAPPINGS } from './default-mappings';
import { FLAGS } from './flags';
import { buildMappingValues } from './mapping-values';
import { computeScoresheet, type ScoresheetInput, withFirstLocations } from './scoresheet';

const mappings = [...DEFAULT_CODE_MAPPINGS, { proc_code: 'D2740', label: 'Crown' }];
const values = new Map(buildMappingValues().map((r) => [r.procedure_status, r]));

// Codes of the default mappings, by meaning.
const C = {
  consult: 'D0150',
  consult2: 'D9310',
  scan: 'D0801',
  presMax: 'FA-PRES-MAX',
  presMand: 'FA-PRES-MAND',
  accMax: 'FA-ACC-MAX',
  accMand: 'FA-ACC-MAND',
  tempUpper: 'D6119',
  tempLower: 'D6118',
  permUpper: 'D6114',
  permLower: 'D6115',
  pfMand: 'FA-PF-MAND',
  pfMax: 'FA-PF-MAX',
  crown: 'D2740',
};

function proc(
  key: string,
  date: string,
  code: string,
  provider = 'Dr A',
  name = key,
  location: string | null = null,
): ScoresheetInput {
  return { patient_key: key, patient_name: name, date, code, provider, location };
}
const sheet = (rows: ScoresheetInput[]) => computeScoresheet(rows, mappings, values);
const one = (rows: ScoresheetInput[]) => {
  const out = sheet(rows);
  expect(out).toHaveLength(1);
  return out[0];
};

describe('computeScoresheet flags', () => {
  const codeOf: Record<string, string> = {
    had_consult: C.consult,
    presented_max: C.presMax,
    presented_mand: C.presMand,
    accepted_max: C.accMax,
    accepted_mand: C.accMand,
    had_temp_upper: C.tempUpper,
    had_temp_lower: C.tempLower,
    had_perm_upper: C.permUpper,
    had_perm_lower: C.permLower,
    pending_finance_mand: C.pfMand,
    pending_finance_max: C.pfMax,
  };
  it.each(FLAGS.map((f) => [f.key, f.label, f.bit] as const))(
    '%s comes from a %s code',
    (key, label, bit) => {
      const row = one([proc('p', '2025-01-02', codeOf[key])]);
      expect(row.score).toBe(bit);
      expect(row.procedure_status).toBe(label);
      expect(Object.entries(row.treatment_flags).filter(([, v]) => v)).toEqual([[key, true]]);
    },
  );

  it('names flags in bit order whatever the file order, and counts a flag once', () => {
    const row = one([
      proc('p', '2025-03-01', C.tempUpper),
      proc('p', '2025-02-01', C.accMax),
      proc('p', '2025-01-01', C.consult2),
      proc('p', '2025-01-05', C.consult),
      proc('p', '2025-01-15', C.presMax),
      proc('p', '2025-01-16', C.crown),
    ]);
    // 32 + 8 + 1 + 2; the two consult codes set one bit.
    expect(row.score).toBe(43);
    expect(row.procedure_status).toBe('Consult, Presented Max, Accepted Max, Temp Upper');
    expect(row).toMatchObject({ win_loss: 'Won', no_of_arches: 1, case_value: 14995 });
  });

  it('matches labels case-insensitively', () => {
    const custom = [
      { proc_code: 'X1', label: ' consult ' },
      { proc_code: 'x2', label: 'ACCEPTED MAND' },
    ];
    const out = computeScoresheet(
      [proc('p', '2025-01-01', 'X1'), proc('p', '2025-02-01', 'X2')],
      custom,
      values,
    );
    expect(out[0].procedure_status).toBe('Consult, Accepted Mand');
    expect(out[0].win_loss).toBe('Won');
  });

  it('leaves out patients with no bit set, keeps the first-seen name, sorts by key', () => {
    const out = sheet([
      proc('zed', '2025-01-01', C.consult, 'Dr A', 'Zed'),
      proc('amy', '2025-01-01', C.crown, 'Dr A', 'Amy First'),
      proc('amy', '2025-01-02', C.consult, 'Dr A', 'Amy Second'),
      proc('scan only', '2025-01-01', C.scan),
      proc('crown only', '2025-01-01', C.crown),
      proc('unmapped', '2025-01-01', 'D9999'),
    ]);
    expect(out.map((r) => [r.patient_key, r.patient_name])).toEqual([
      ['amy', 'Amy First'],
      ['zed', 'Zed'],
    ]);
    expect(sheet([])).toEqual([]);
  });
});

describe('computeScoresheet provider', () => {
  it('is the provider of the earliest consult, even when other work came first', () => {
    const row = one([
      proc('p', '2025-01-01', C.presMax, 'Dr Early'),
      proc('p', '2025-03-01', C.consult, 'Dr Late Consult'),
      proc('p', '2025-02-01', C.consult2, 'Dr Consult'),
    ]);
    expect(row.provider).toBe('Dr Consult');
  });

  it('without a consult, is the provider of the earliest bit-setting procedure (not a scan or crown)', () => {
    const row = one([
      proc('p', '2024-12-01', C.scan, 'Dr Scan'),
      proc('p', '2024-12-02', C.crown, 'Dr Crown'),
      proc('p', '2025-02-01', C.tempLower, 'Dr Temp'),
      proc('p', '2025-01-10', C.accMand, 'Dr Accept'),
    ]);
    expect(row.provider).toBe('Dr Accept');
  });

  it('breaks a tie on date by file order', () => {
    expect(
      one([proc('p', '2025-01-01', C.consult, 'Dr First'), proc('p', '2025-01-01', C.consult2, 'Dr Second')])
        .provider,
    ).toBe('Dr First');
    expect(
      one([proc('p', '2025-01-01', C.presMand, 'Dr First'), proc('p', '2025-01-01', C.presMax, 'Dr Second')])
        .provider,
    ).toBe('Dr First');
  });
});

describe('computeScoresheet dates', () => {
  it('consult_date is the earliest consult; other dates null when only a consult', () => {
    const row = one([proc('p', '2025-05-01', C.consult), proc('p', '2025-04-01', C.consult2)]);
    expect(row).toMatchObject({
      consult_date: '2025-04-01',
      date_of_temp_placement: null,
      case_date: null,
      pending_finance_date: null,
    });
  });

  it('date_of_temp_placement is the earliest Temp Upper or Temp Lower', () => {
    const row = one([
      proc('p', '2025-06-10', C.tempUpper),
      proc('p', '2025-06-03', C.tempLower),
      proc('p', '2025-06-01', C.permUpper),
    ]);
    expect(row.date_of_temp_placement).toBe('2025-06-03');
    expect(row.consult_date).toBeNull();
  });

  it('case_date is the earliest scan when there is one', () => {
    const row = one([
      proc('p', '2025-09-20', C.scan),
      proc('p', '2025-08-01', C.accMax),
      proc('p', '2025-09-05', 'D0802'),
      proc('p', '2025-10-01', C.tempUpper),
    ]);
    expect(row.case_date).toBe('2025-09-05');
  });

  it('without a scan, case_date is the earliest Accepted, Temp or Perm date', () => {
    const row = one([
      proc('p', '2025-01-01', C.consult),
      proc('p', '2025-01-02', C.presMax),
      proc('p', '2025-01-03', C.pfMax),
      proc('p', '2025-03-09', C.permLower),
      proc('p', '2025-03-05', C.tempLower),
      proc('p', '2025-03-07', C.accMand),
    ]);
    expect(row.case_date).toBe('2025-03-05');
  });

  it('pending_finance_date is the latest PF Max or PF Mand date', () => {
    const row = one([
      proc('p', '2025-02-01', C.pfMax),
      proc('p', '2025-04-01', C.pfMand),
      proc('p', '2025-03-01', C.pfMax),
    ]);
    expect(row.pending_finance_date).toBe('2025-04-01');
    expect(row.case_date).toBeNull();
  });

  it('presented_date is the latest Presented date; accepted_date and perm_date the earliest of theirs', () => {
    const row = one([
      proc('p', '2025-02-01', C.presMax),
      proc('p', '2025-03-01', C.presMand),
      proc('p', '2025-02-15', C.presMax),
      proc('p', '2025-05-01', C.accMand),
      proc('p', '2025-04-01', C.accMax),
      proc('p', '2025-09-01', C.permLower),
      proc('p', '2025-08-01', C.permUpper),
      proc('p', '2025-08-15', C.permUpper),
    ]);
    expect(row).toMatchObject({
      presented_date: '2025-03-01',
      accepted_date: '2025-04-01',
      perm_date: '2025-08-01',
    });
  });

  it('leaves the three dates null without their procedures', () => {
    const row = one([proc('p', '2025-02-01', C.consult)]);
    expect(row).toMatchObject({ presented_date: null, accepted_date: null, perm_date: null });
  });
});

describe('computeScoresheet location', () => {
  it('is the office of the earliest consult, which gave the provider; the first row wins a tie', () => {
    const row = one([
      proc('p', '2025-01-05', C.presMax, 'Dr A', 'p', 'Harbor'),
      proc('p', '2025-02-01', C.consult, 'Dr B', 'p', 'Lakeside'),
      proc('p', '2025-02-01', C.consult2, 'Dr C', 'p', 'Main Street'),
      proc('p', '2025-03-01', C.consult, 'Dr D', 'p', 'Westgate'),
    ]);
    expect(row).toMatchObject({ provider: 'Dr B', location: 'Lakeside' });
  });

  it('without a consult, is the office of the earliest procedure that sets a bit', () => {
    const row = one([
      proc('p', '2025-01-01', C.crown, 'Dr A', 'p', 'Westgate'),
      proc('p', '2025-03-01', C.accMax, 'Dr B', 'p', 'Lakeside'),
      proc('p', '2025-02-01', C.presMax, 'Dr C', 'p', 'Harbor'),
    ]);
    expect(row).toMatchObject({ provider: 'Dr C', location: 'Harbor' });
  });

  it("is null when that procedure names none, until the patient's first named office fills it", () => {
    const rows = sheet([
      proc('p', '2025-02-01', C.consult, 'Dr B'),
      proc('p', '2025-03-01', C.presMax, 'Dr B', 'p', 'Lakeside'),
      proc('q', '2025-02-01', C.consult, 'Dr B'),
      proc('r', '2025-02-01', C.consult, 'Dr B', 'r', 'Main Street'),
    ]);
    expect(rows.map((r) => r.location)).toEqual([null, null, 'Main Street']);
    // The first office among all of p's procedures (routine visits too) is read by the caller.
    withFirstLocations(
      rows,
      new Map([
        ['p', 'Harbor'],
        ['r', 'Westgate'],
      ]),
    );
    expect(rows.map((r) => r.location)).toEqual(['Harbor', null, 'Main Street']);
  });
});

describe('computeScoresheet outcomes', () => {
  it.each([
    [[C.consult, C.accMax, C.tempLower], 'Won', 2, 29990],
    [[C.consult, C.presMax, C.presMand], 'Lost', 2, 29990],
    [[C.presMax, C.pfMand], 'PF', 1, 14995],
    [[C.consult], 'N/A', 0, 0],
  ])('%j => %s', (codes, winLoss, arches, value) => {
    const row = one(codes.map((c) => proc('p', '2025-01-01', c)));
    expect(row).toMatchObject({ win_loss: winLoss, no_of_arches: arches, case_value: value });
  });

  it('gives N/A, 0, 0 for a status missing from the table', () => {
    const partial = new Map([['Consult', { win_loss: 'Lost' as const, no_of_arches: 1, case_value: 5 }]]);
    const out = computeScoresheet(
      [proc('a', '2025-01-01', C.consult), proc('b', '2025-01-01', C.tempUpper)],
      mappings,
      partial,
    );
    expect(out.map((r) => [r.win_loss, r.no_of_arches, r.case_value])).toEqual([
      ['Lost', 1, 5],
      ['N/A', 0, 0],
    ]);
  });
});

describe('computeScoresheet speed', () => {
  it('handles 600,000 procedures at once (speed is measured by the benchmark, not here)', () => {
    const codes = Object.values(C);
    const rows: ScoresheetInput[] = [];
    for (let i = 0; i < 600_000; i++) {
      const p = i % 60_000;
      const day = String(1 + (i % 28)).padStart(2, '0');
      rows.push(
        proc(`patient ${p}`, `2025-0${1 + (i % 9)}-${day}`, codes[(i * 7) % codes.length], `Dr ${p % 13}`),
      );
    }
    const out = computeScoresheet(rows, mappings, values);
    expect(out).toHaveLength(60_000);
    expect(out.every((row) => row.score > 0)).toBe(true);
  });
});
