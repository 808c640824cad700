import { appt, sheetRow } from './fixture';
import { atLocation, locationFilter, locationList, locationName } from './locations';

const sheet = [
  sheetRow('Ann', 'Dr A', 'Consult', { location: 'Main Street' }),
  sheetRow('Ben', 'Dr B', 'Consult', { location: 'Lakeside' }),
  sheetRow('Cal', 'Dr A', 'Consult'),
];
const appts = [
  appt('Ann', '2026-12-01', 'Consult', 'Dr A', { location: 'Main Street' }),
  appt('Dee', '2026-12-02', 'Consult', 'Dr C', { location: 'Harbor View', status: 'Cancelled' }),
  appt('Eli', null, 'Consult', 'Dr C'),
];

describe('locationFilter', () => {
  it('reads absent, empty, all and All Locations as every location', () => {
    for (const raw of [undefined, null, '', '  ', 'all', 'ALL', 'All Locations'])
      expect(locationFilter(raw)).toBeNull();
  });

  it('keeps Unassigned, and folds any other office to its key', () => {
    expect(locationFilter('Unassigned')).toBe('Unassigned');
    expect(locationFilter(' LakeSide ')).toBe('lakeside');
  });
});

describe('atLocation', () => {
  it('keeps the rows at the office, whatever the case asked', () => {
    const at = atLocation({ sheet, appts }, locationFilter('main street'));
    expect(at.sheet.map((r) => r.patient_name)).toEqual(['Ann']);
    expect(at.appts.map((a) => a.patient_name)).toEqual(['Ann']);
  });

  it('keeps the rows with no office for Unassigned, and everything for every location', () => {
    const none = atLocation({ sheet, appts }, 'Unassigned');
    expect(none.sheet.map((r) => r.patient_name)).toEqual(['Cal']);
    expect(none.appts.map((a) => a.patient_name)).toEqual(['Eli']);
    expect(atLocation({ sheet, appts }, null).sheet).toBe(sheet);
  });

  it('splits the data so that the offices and Unassigned add up to the whole', () => {
    const parts = [...locationList(sheet, appts)].map((l) => atLocation({ sheet, appts }, locationFilter(l)));
    expect(parts.reduce((n, p) => n + p.sheet.length, 0)).toBe(sheet.length);
    expect(parts.reduce((n, p) => n + p.appts.length, 0)).toBe(appts.length);
  });
});

describe('locationList', () => {
  it('sorts without regard to case, counts cancelled appointments, and ends with Unassigned', () => {
    expect(locationList(sheet, appts)).toEqual(['Harbor View', 'Lakeside', 'Main Street', 'Unassigned']);
  });

  it('leaves Unassigned out when every row has an office, and is empty without offices', () => {
    expect(locationList(sheet.slice(0, 2), appts.slice(0, 1))).toEqual(['Lakeside', 'Main Street']);
    expect(locationList([sheetRow('Cal', 'Dr A', 'Consult')], [])).toEqual(['Unassigned']);
    expect(locationList([], [])).toEqual([]);
  });

  it('names a filter as the data spells it', () => {
    const names = locationList(sheet, appts);
    expect(locationName(locationFilter('LAKESIDE'), names)).toBe('Lakeside');
    expect(locationName('Unassigned', names)).toBe('Unassigned');
    expect(locationName(null, names)).toBeNull();
    expect(locationName(locationFilter('Nowhere'), names)).toBe('nowhere');
  });
});
