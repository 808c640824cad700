import {
  displayName,
  locationKey,
  normalizeCode,
  normalizeLocation,
  normalizeProvider,
  patientKey,
} from './names';

describe('displayName', () => {
  it.each([
    ['John Smith', 'John Smith'],
    ['  John   Smith  ', 'John Smith'],
    ['Smith, John', 'John Smith'],
    ['Smith,John', 'John Smith'],
    ['  Smith ,   John   Paul ', 'John Paul Smith'],
    ['Smith, John\tPaul', 'John Paul Smith'],
    ['de la Cruz, Maria', 'Maria de la Cruz'],
    ['Smith, John, Jr', 'Smith, John, Jr'],
    ['Smith,', 'Smith'],
    [', John', 'John'],
    ['john\u00a0smith', 'john smith'],
    ['', ''],
    ['   ', ''],
  ])('%j -> %j', (raw, expected) => {
    expect(displayName(raw)).toBe(expected);
  });
});

describe('patientKey', () => {
  it('makes one key for the forms of one patient', () => {
    const forms = ['Smith, John', 'john smith', ' John   Smith ', 'SMITH,JOHN', 'John\nSmith'];
    for (const form of forms) expect(patientKey(form)).toBe('john smith');
  });

  it('keeps middle names and accents', () => {
    expect(patientKey('Núñez, José  María')).toBe('josé maría núñez');
  });

  it('does not reorder names with two commas', () => {
    expect(patientKey('Smith, John, Jr')).toBe('smith, john, jr');
  });
});

describe('normalizeProvider', () => {
  it('trims and collapses whitespace but keeps case', () => {
    expect(normalizeProvider('  Dr.   Jane\tDoe ')).toBe('Dr. Jane Doe');
    expect(normalizeProvider('dr jane doe')).toBe('dr jane doe');
  });
});

describe('normalizeCode', () => {
  it('trims and upper-cases', () => {
    expect(normalizeCode('d6114 ')).toBe('D6114');
    expect(normalizeCode(' fa-pres-max')).toBe('FA-PRES-MAX');
    expect(normalizeCode('D0150')).toBe('D0150');
  });
});

describe('normalizeLocation', () => {
  it('trims and collapses whitespace, keeps case, and reads blank as none', () => {
    expect(normalizeLocation('  Main\t  Street ')).toBe('Main Street');
    expect(normalizeLocation('   ')).toBeNull();
    expect(normalizeLocation(null)).toBeNull();
    expect(locationKey('Main Street')).toBe(locationKey('MAIN street'));
  });
});
