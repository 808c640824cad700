import {
  HeaderSearch,
  IMPORT_FIELDS,
  looksLikeSentence,
  matchHeader,
  normalizeHeader,
  otherKindOf,
} from './headers';

describe('normalizeHeader', () => {
  it('lower-cases and keeps only letters and digits', () => {
    expect(normalizeHeader('Patient Name')).toBe('patientname');
    expect(normalizeHeader(' PATIENT_NAME: ')).toBe('patientname');
    expect(normalizeHeader('Date of Service (DOS)')).toBe('dateofservicedos');
    expect(normalizeHeader('Año')).toBe('año');
  });
});

describe('matchHeader', () => {
  it('accepts every listed name for every field', () => {
    for (const [kind, specs] of Object.entries(IMPORT_FIELDS)) {
      for (const spec of specs) {
        for (const name of spec.names) {
          const { columns } = matchHeader(
            ['x', name.toUpperCase().replaceAll(' ', '_')],
            kind as keyof typeof IMPORT_FIELDS,
          );
          expect(columns[spec.field]).toBe(1);
        }
      }
    }
  });

  it('maps a Full Arch Report header', () => {
    const match = matchHeader(
      ['Pat Name', 'DOS', 'CDT Code', 'Dentist', 'Proc Description', 'Fee', 'Clinic', 'Other'],
      'raw-data',
    );
    expect(match).toEqual({
      columns: { patient: 0, date: 1, code: 2, provider: 3, description: 4, amount: 5, location: 6 },
      missing: [],
      header: ['Pat Name', 'DOS', 'CDT Code', 'Dentist', 'Proc Description', 'Fee', 'Clinic', 'Other'],
    });
  });

  it('reads Date as the appointment date in Future Scheduled', () => {
    expect(
      matchHeader(['Patient', 'Date', 'Code', 'Provider', 'Confirmation'], 'future-scheduled').columns,
    ).toEqual({
      patient: 0,
      appt_date: 1,
      code: 2,
      provider: 3,
      scheduled_status: 4,
    });
  });

  it('lets the leftmost of two headers for one field win', () => {
    const { columns } = matchHeader(
      ['Name', 'Patient', 'Service Date', 'Date', 'Code', 'Prov', 'Provider'],
      'raw-data',
    );
    expect(columns).toMatchObject({ patient: 0, date: 2, code: 4, provider: 5 });
  });

  it('names the missing required columns by their first name, in table order', () => {
    expect(matchHeader(['Date', 'Provider'], 'raw-data').missing).toEqual(['Patient', 'Code']);
    expect(matchHeader([], 'future-scheduled').missing).toEqual(['Patient', 'Code', 'Provider']);
    expect(matchHeader(['Patient', 'Notes'], 'ignore-list').missing).toEqual(['Year']);
  });

  it('ignores non-text cells that do not match', () => {
    expect(matchHeader([null, 2025, new Date(0), true], 'ignore-list').missing).toEqual(['Patient', 'Year']);
  });
});

describe('HeaderSearch', () => {
  it('returns the match for the header row', () => {
    const search = new HeaderSearch('ignore-list');
    expect(search.offer(['Ignore list 2025'])).toBeNull();
    expect(search.offer(['Patient', 'Year'])?.columns).toEqual({ patient: 0, year_code: 1 });
  });

  it('reports the closest row when none qualifies', () => {
    const search = new HeaderSearch('raw-data');
    search.offer(['Report']);
    search.offer(['Patient', 'Date', 'Provider']);
    search.offer(['Patient']);
    expect(search.error()).toMatchObject({
      status: 422,
      message: 'Missing required columns: Code (found: Patient, Date, Provider)',
    });
  });

  it('lists the first row with text when no row held a column, and calls a file with none empty', () => {
    const search = new HeaderSearch('raw-data');
    search.offer([null, '  ']);
    expect(search.error().message).toBe('The file is empty');
    search.offer(['Report', 2025, '', 'of the week']);
    expect(search.error().message).toBe(
      'Missing required columns: Patient, Date, Code, Provider (found: Report, 2025, of the week)',
    );
  });

  it('lists at most 20 columns, each cut after 40 characters', () => {
    const search = new HeaderSearch('ignore-list');
    search.offer(['Patient', 'x'.repeat(50), ...Array.from({ length: 22 }, (_, i) => `c${i}`)]);
    expect(search.error().message).toBe(
      `Missing required columns: Year (found: Patient, ${'x'.repeat(40)}..., c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14, c15, c16, c17 and 4 more)`,
    );
  });

  it('says whose headers a closest row holds when they are another kind of file', () => {
    const search = new HeaderSearch('ignore-list');
    search.offer(['Patient', 'Date', 'Proc Code', 'Provider', 'Fee']);
    expect(search.error().message).toBe(
      'Missing required columns: Year (found: Patient, Date, Proc Code, Provider, Fee). These headers look like a Full Arch Report, not an Ignore List.',
    );
  });
});

describe('otherKindOf', () => {
  const FULL_ARCH = ['Patient', 'Date', 'Proc Code', 'Tooth', 'Provider', 'Description', 'Fee', 'Location'];
  const FUTURE = ['Patient', 'Appt Date', 'Code', 'Provider', 'Description', 'Status', 'Location'];

  it('tells a Full Arch Report from a Future Scheduled file that reads its Date as the appointment', () => {
    expect(matchHeader(FULL_ARCH, 'future-scheduled').missing).toEqual([]);
    expect(otherKindOf(FULL_ARCH, 'future-scheduled')).toBe('raw-data');
    expect(otherKindOf(['Patient', 'DOS', 'Code', 'Provider'], 'future-scheduled')).toBe('raw-data');
    expect(otherKindOf(FULL_ARCH, 'raw-data')).toBeNull();
    expect(otherKindOf(FUTURE, 'future-scheduled')).toBeNull();
  });

  it('names the kind whose required and own columns a header holds', () => {
    expect(otherKindOf(FUTURE, 'raw-data')).toBe('future-scheduled');
    expect(otherKindOf(['Patient', 'Year', 'Notes'], 'raw-data')).toBe('ignore-list');
    expect(otherKindOf(FULL_ARCH, 'ignore-list')).toBe('raw-data');
    // Its own columns, or another kind's required ones missing: no other kind.
    expect(otherKindOf(['Patient', 'Date', 'Code', 'Provider'], 'future-scheduled')).toBeNull();
    expect(otherKindOf([...FULL_ARCH, 'Appt Status'], 'future-scheduled')).toBeNull();
    expect(otherKindOf(['Patient', 'Fee'], 'future-scheduled')).toBeNull();
  });

  it('says so in words', () => {
    expect(looksLikeSentence('raw-data', 'future-scheduled')).toBe(
      'These headers look like a Full Arch Report, not a Future Scheduled file.',
    );
    expect(looksLikeSentence('ignore-list', 'raw-data')).toBe(
      'These headers look like an Ignore List, not a Full Arch Report.',
    );
  });
});

describe('the phone column', () => {
  it.each([
    'Phone',
    'Cell',
    'Mobile',
    'Cell Phone',
    'Wireless Phone',
    'Home Phone',
    'Phone Number',
    'PHONE_NUMBER',
  ])('takes %s in both files that carry it, never in the Ignore List', (name) => {
    expect(matchHeader(['Patient', 'Date', 'Code', 'Provider', name], 'raw-data').columns.phone).toBe(4);
    expect(matchHeader(['Patient', 'Code', 'Provider', name], 'future-scheduled').columns.phone).toBe(3);
    expect(matchHeader(['Patient', 'Year', name], 'ignore-list').columns.phone).toBeUndefined();
  });
});
