import { toCsv } from './client';

describe('toCsv', () => {
  it('quotes strings (an empty one stays a string), leaves NULL empty and writes numbers and booleans bare', () => {
    expect(
      toCsv([
        ['a', '', null, 12.5, true],
        ['say "hi", then\nleave', 'Zoë', null, -3, false],
      ]),
    ).toBe('"a","",,12.5,true\n"say ""hi"", then\nleave","Zoë",,-3,false\n');
  });

  it('writes nothing for no rows', () => {
    expect(toCsv([])).toBe('');
  });
});
