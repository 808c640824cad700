import { whatToCheck } from './sync-words';

describe('whatToCheck', () => {
  it.each([
    ['not_opendental_database', 'Check the Database name'],
    ['sync_not_configured', 'An admin fills in the Open Dental connection'],
    ['sync_running', 'Wait a minute for it to finish'],
    ['sync_password_unreadable', 'An admin enters the Open Dental password again'],
  ] as const)('says what to check after %s', (code, start) => {
    expect(whatToCheck(code)?.startsWith(start)).toBe(true);
  });

  it('adds nothing to a failure whose words say what to check, or to one without a code', () => {
    expect(whatToCheck('opendental_host_not_found')).toBeNull();
    expect(whatToCheck('opendental_unreachable')).toBeNull();
    expect(whatToCheck('internal_error')).toBeNull();
    expect(whatToCheck(null)).toBeNull();
  });
});
