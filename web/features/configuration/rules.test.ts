import { shownErrors, toMappingBody } from './rules';

describe('toMappingBody', () => {
  it('reads the value as money and a blank one as none', () => {
    expect(toMappingBody({ code: ' d6190 ', label: 'Scan', value: '$1,250' })).toEqual({
      body: { proc_code: 'd6190', label: 'Scan', value: 1250 },
    });
    expect(toMappingBody({ code: 'X1', label: 'Crown', value: ' ' })).toEqual({
      body: { proc_code: 'X1', label: 'Crown', value: null },
    });
  });

  it('keeps each problem under its box', () => {
    expect(toMappingBody({ code: '', label: '', value: '' })).toEqual({
      errors: {
        code: 'Procedure code and label are required',
        label: 'Procedure code and label are required',
      },
    });
    expect(toMappingBody({ code: 'X1', label: 'Crown', value: 'lots' })).toEqual({
      errors: { value: 'Value must be a number of 0 or more, or blank' },
    });
  });
});

describe('shownErrors', () => {
  it('says a message once, under the first box it is about, and only marks the others', () => {
    expect(
      shownErrors({
        code: 'Procedure code and label are required',
        label: 'Procedure code and label are required',
        value: 'Value must be a number of 0 or more, or blank',
      }),
    ).toEqual({
      code: 'Procedure code and label are required',
      label: true,
      value: 'Value must be a number of 0 or more, or blank',
    });
    expect(shownErrors({})).toEqual({});
  });
});
