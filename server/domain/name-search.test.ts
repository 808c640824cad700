import { matchesKey, nameSearch } from './name-search';
import { patientKey } from './names';

const PATIENTS = [
  'Anthony Hernandez',
  'Walter Hernandez',
  'Anthony James Hernandez',
  'Maria de la Cruz',
  'Antonia Smith',
  'John Smith',
  'Smith, John, Jr',
  'Mary 50% Off',
];

/** The display names the search finds, in list order. */
function found(q: string): string[] {
  const search = nameSearch(q);
  if (!search) return [];
  return PATIENTS.filter((name) => matchesKey(search, patientKey(name)));
}

describe('nameSearch', () => {
  it('needs two characters once trimmed and whitespace collapsed', () => {
    expect(nameSearch('')).toBeNull();
    expect(nameSearch(' a  ')).toBeNull();
    expect(nameSearch('  an ')?.term).toBe('an');
    expect(nameSearch(' Hernandez ,\t Ant ')?.term).toBe('Hernandez , Ant');
  });

  it('finds any part of the display name, in any case', () => {
    expect(found('ERN')).toEqual(['Anthony Hernandez', 'Walter Hernandez', 'Anthony James Hernandez']);
    expect(found('anthony hern')).toEqual(['Anthony Hernandez']);
    // Two commas: the name is kept as written, and found as written.
    expect(found('smith, john, j')).toEqual(['Smith, John, Jr']);
  });

  it('finds the patient key of a name written Last, First', () => {
    // A middle name between the two parts is no obstacle.
    expect(found('Hernandez, Anthony')).toEqual(['Anthony Hernandez', 'Anthony James Hernandez']);
    expect(found('Hernandez, Anthony James')).toEqual(['Anthony James Hernandez']);
    expect(found('  de la  Cruz ,Maria ')).toEqual(['Maria de la Cruz']);
  });

  it('matches a cut-short first name at the start of a word, before the last name', () => {
    expect(found('Hernandez, Ant')).toEqual(['Anthony Hernandez', 'Anthony James Hernandez']);
    expect(found('Hernandez, Wal')).toEqual(['Walter Hernandez']);
    expect(found('Hernandez, J')).toEqual(['Anthony James Hernandez']);
    expect(found('Hern, Anthony J')).toEqual(['Anthony James Hernandez']);
    // After the last name is not before it; inside a word is not the start of a first name
    // (unless the whole key of the text is part of the name, as any part of a name is found).
    expect(found('Anthony, Hernandez')).toEqual([]);
    expect(found('Hernandez, nthony J')).toEqual([]);
    expect(found('Hernandez, thony')).toEqual(['Anthony Hernandez']);
  });

  it('a cut-short last name still needs its first name', () => {
    expect(found('Smi, Ant')).toEqual(['Antonia Smith']);
    expect(found('Smith, J')).toEqual(['John Smith', 'Smith, John, Jr']);
    expect(found('Smith, W')).toEqual([]);
  });

  it('with one side of the comma empty, searches the other', () => {
    expect(found('Hernandez,')).toEqual(['Anthony Hernandez', 'Walter Hernandez', 'Anthony James Hernandez']);
    expect(found(', Walter')).toEqual(['Walter Hernandez']);
  });

  it('takes %, _ and backslash as the characters typed', () => {
    expect(found('50%')).toEqual(['Mary 50% Off']);
    expect(found('5_%')).toEqual([]);
    expect(found('y_5')).toEqual([]);
    expect(nameSearch('a\\b%c_')?.patterns[0]).toBe('%a\\\\b\\%c\\_%');
  });

  it('lists each pattern once', () => {
    expect(nameSearch('john smith')?.patterns).toEqual(['%john smith%']);
  });
});
