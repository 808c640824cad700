import { NO_PROVIDER_NAME, NO_PROVIDER_NAME_YET, providerNameWarning } from './rules';

describe('providerNameWarning', () => {
  const providers = ['Dr. Sarah Chen', 'Dr. Michael Rodriguez'];

  it('says nothing for a name in the data, or when there is no data', () => {
    expect(providerNameWarning('Dr. Sarah Chen', providers)).toBeNull();
    // Tidied as the server tidies names from files.
    expect(providerNameWarning('  Dr.  Sarah Chen ', providers)).toBeNull();
    expect(providerNameWarning('Anyone', [])).toBeNull();
  });

  it('warns on an empty name, in the words of the privacy setting', () => {
    expect(NO_PROVIDER_NAME).toBe('This provider will see no figures until a provider name is set');
    expect(providerNameWarning('  ', providers, false, true)).toBe(NO_PROVIDER_NAME);
    expect(providerNameWarning('', [], true, true)).toBe(NO_PROVIDER_NAME);
    // Not known yet: the case that matters is said.
    expect(providerNameWarning('', providers)).toBe(NO_PROVIDER_NAME);
    expect(providerNameWarning('', providers, false, false)).toBe(NO_PROVIDER_NAME_YET);
  });

  it('waits while a name some provider has is being typed', () => {
    expect(providerNameWarning('Dr. Sar', providers, true)).toBeNull();
    expect(providerNameWarning('Dr. Sar', providers)).toMatch(/No provider/);
    expect(providerNameWarning('Dr. Nobody', providers, true)).toMatch(/No provider/);
    expect(providerNameWarning('dr. sarah chen', providers, true)).toMatch(/spells it/);
  });

  it('warns on a name that differs only in case, and on one the data does not have', () => {
    expect(providerNameWarning('dr. sarah chen', providers)).toBe(
      'Names must match exactly: the data spells it "Dr. Sarah Chen"',
    );
    expect(providerNameWarning('Dr. Nobody', providers)).toBe(
      'No provider in the imported data has this name; the account can still be saved',
    );
  });
});
