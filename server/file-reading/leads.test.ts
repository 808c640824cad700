import { HeaderSearch, matchHeader, otherKindOf } from './headers';
import { buildRecord } from './records';
import type { Cell } from './types';

// The Leads file's header and rows (docs/behaviour.md section 19).

const ACCEPTED = {
  patient: [
    'Patient',
    'Patient Name',
    'Name',
    'Pat Name',
    'Patient Full Name',
    'Lead',
    'Lead Name',
    'Full Name',
    'Contact',
    'Contact Name',
  ],
  lead_date: [
    'Lead Date',
    'Date',
    'Created',
    'Created Date',
    'Date Created',
    'Created On',
    'Inquiry Date',
    'Received',
  ],
  source: [
    'Source',
    'Lead Source',
    'Channel',
    'Marketing Source',
    'Referral Source',
    'Referred By',
    'Campaign Source',
  ],
  phone: ['Phone', 'Cell', 'Mobile', 'Cell Phone', 'Wireless Phone', 'Home Phone', 'Phone Number'],
  email: ['Email', 'E-mail', 'Email Address'],
  location: ['Location', 'Clinic', 'Office', 'Practice'],
} as const;

describe('the Leads header', () => {
  it('accepts every name of the rules for every column, in any case and spacing', () => {
    for (const [field, names] of Object.entries(ACCEPTED)) {
      for (const name of names) {
        const header = ['x', name.toUpperCase().replaceAll(' ', '_')];
        expect(matchHeader(header, 'leads').columns, name).toMatchObject({ [field]: 1 });
      }
    }
  });

  it('names the required columns missing, in the table order', () => {
    expect(matchHeader(['Email'], 'leads').missing).toEqual(['Patient', 'Lead Date', 'Source']);
    expect(matchHeader(['Lead Name', 'Created', 'Phone'], 'leads').missing).toEqual(['Source']);
  });

  it('says precisely what a file without a source column lacks', () => {
    const search = new HeaderSearch('leads');
    expect(search.offer(['Leads export'])).toBeNull();
    expect(search.offer(['Lead Name', 'Created', 'Phone', 'Email'])).toBeNull();
    expect(search.offer(['Ann Lee', '1/2/2025', '555-111-2222', 'a@b.c'])).toBeNull();
    const error = search.error();
    expect(error.status).toBe(422);
    expect(error.message).toBe('Missing required columns: Source (found: Lead Name, Created, Phone, Email)');
  });

  it('takes a First Name and a Last Name column together as the name', () => {
    const match = matchHeader(['First Name', 'Last Name', 'Date', 'Source'], 'leads');
    expect(match.missing).toEqual([]);
    expect(match.columns).toEqual({ first_name: 0, last_name: 1, lead_date: 2, source: 3 });
    expect(matchHeader(['first', 'LAST', 'Created', 'Channel'], 'leads').missing).toEqual([]);
    // One of the two is no name, and the pair still needs the other required columns.
    expect(matchHeader(['First Name', 'Date', 'Source'], 'leads').missing).toEqual(['Patient']);
    expect(matchHeader(['First Name', 'Last Name', 'Source'], 'leads').missing).toEqual(['Lead Date']);
    // Only the Leads file names people in two columns.
    expect(matchHeader(['First Name', 'Last Name', 'Year'], 'ignore-list').missing).toEqual(['Patient']);
  });

  it('finds the First and Last header row below title lines', () => {
    const search = new HeaderSearch('leads');
    expect(search.offer(['CRM export', null])).toBeNull();
    expect(search.offer(['First', 'Last', 'Created'])).toBeNull();
    expect(search.offer(['First', 'Last', 'Created', 'Lead Source'])).toMatchObject({ missing: [] });
  });

  it('tells a Leads file from the other kinds, and they from it', () => {
    const leads = ['Lead Name', 'Created', 'Lead Source', 'Phone'];
    expect(otherKindOf(leads, 'raw-data')).toBe('leads');
    expect(otherKindOf(leads, 'leads')).toBeNull();
    expect(otherKindOf(['Patient', 'Appt Date', 'Code', 'Provider'], 'leads')).toBe('future-scheduled');
    // A Full Arch Report has no source: it is no Leads file.
    expect(otherKindOf(['Patient', 'Date', 'Code', 'Provider', 'Fee'], 'ignore-list')).toBe('raw-data');
  });
});

const COLUMNS = { patient: 0, lead_date: 1, source: 2, phone: 3, email: 4, location: 5 };
const lead = (...cells: Cell[]) => buildRecord('leads', COLUMNS, { row: 9, cells });

describe('Leads rows', () => {
  it('builds a record with the name, date and source as section 1 and 19 read them', () => {
    expect(
      lead(
        ' Smith,  John ',
        '3/4/2025 10:30 AM',
        '  Google \t Ads ',
        ' 555-1234 ',
        ' j@x.com ',
        ' Main  Office ',
      ),
    ).toEqual({
      record: {
        row: 9,
        patient_name: 'John Smith',
        patient_key: 'john smith',
        lead_date: '2025-03-04',
        source: 'Google Ads',
        phone: '555-1234',
        email: 'j@x.com',
        location: 'Main Office',
      },
      warning: null,
    });
  });

  it('reads an empty source, or No lead in any case, as Unknown', () => {
    expect(lead('A B', '2025-01-02', '')).toMatchObject({ record: { source: 'Unknown' } });
    expect(lead('A B', '2025-01-02', null)).toMatchObject({ record: { source: 'Unknown' } });
    expect(lead('A B', '2025-01-02', '  NO   LEAD ')).toMatchObject({ record: { source: 'Unknown' } });
    expect(lead('A B', '2025-01-02', 'No leads')).toMatchObject({ record: { source: 'No leads' } });
  });

  it('takes spreadsheet dates and serials, and leaves optional cells null', () => {
    expect(lead('A B', new Date(Date.UTC(2025, 2, 4)), 'TV')).toMatchObject({
      record: { lead_date: '2025-03-04', phone: null, email: null, location: null },
    });
    expect(lead('A B', 45658, 'TV')).toMatchObject({ record: { lead_date: '2025-01-01' } });
  });

  it('skips a row with a missing name or date, or an invalid date, with its reason', () => {
    expect(lead('', '2025-01-02', 'TV')).toEqual({ skip: 'Missing patient name' });
    expect(lead('A B', '', 'TV')).toEqual({ skip: 'Missing lead date' });
    expect(lead('A B', '13/45/2025', 'TV')).toEqual({ skip: 'Invalid lead date "13/45/2025"' });
    expect(lead(' ', ' ', 'TV', '555')).toEqual({ skip: 'Missing patient name; Missing lead date' });
    expect(lead('A B', '2025-01-02', 'x'.repeat(201))).toEqual({
      skip: 'Source is longer than 200 characters',
    });
  });

  it('passes over a wholly empty row', () => {
    expect(lead('', null, ' ')).toBeNull();
  });

  it('makes the name of a First and a Last column, either of which may be empty', () => {
    const apart = { first_name: 0, last_name: 1, lead_date: 2, source: 3 };
    const row = (...cells: Cell[]) => buildRecord('leads', apart, { row: 4, cells });
    expect(row(' John ', ' Smith ', '1/2/2025', 'TV')).toMatchObject({
      record: { patient_name: 'John Smith', patient_key: 'john smith' },
    });
    expect(row('', 'Smith', '1/2/2025', 'TV')).toMatchObject({ record: { patient_name: 'Smith' } });
    expect(row('Cher', null, '1/2/2025', 'TV')).toMatchObject({ record: { patient_key: 'cher' } });
    expect(row('', ' ', '1/2/2025', 'TV')).toEqual({ skip: 'Missing patient name' });
    // A name column, when there is one, is the name.
    const both = { ...apart, patient: 4 };
    expect(
      buildRecord('leads', both, { row: 4, cells: ['J', 'S', '1/2/2025', 'TV', 'Jo Smith'] }),
    ).toMatchObject({
      record: { patient_name: 'Jo Smith' },
    });
  });
});
