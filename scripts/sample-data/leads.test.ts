import { leadKey, misspell } from './leads';

describe('misspell', () => {
  it('writes a last name as a form or a call centre might: a double letter single, else one vowel another', () => {
    expect(['Freeman', 'Ross', 'White', 'Lynch', 'Lawrence', 'Hudson'].map(misspell)).toEqual([
      'Freman',
      'Ros',
      'Whyte',
      'Linch',
      'Lawrance',
      'Hudsen',
    ]);
    // Nothing to change: the name as it is (such a lead then keeps the patient's name).
    expect(misspell('Wu')).toBe('Wu');
  });
});

describe('leadKey', () => {
  it('is the key of `First Last`: spaces collapsed, lower case', () => {
    expect(leadKey(' Mary  Ann', 'De La Cruz ')).toBe('mary ann de la cruz');
  });
});
