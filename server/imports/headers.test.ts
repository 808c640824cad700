import { HeaderSearch, IMPORT_FIELDS, matchHeader, normalizeHeader } from './headers';

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
    expect(search.error()).toMatchObject({ status: 422, message: 'Missing required columns: Code' });
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
