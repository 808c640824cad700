import { whatToCheck } from './sync-words';

const where = { host: 'od-server', port: 3306 };

describe('whatToCheck', () => {
  it.each([
    ['Host od-server not found', 'Check the Host'],
    [
      'Open Dental refused the connection on port 3306',
      'Check the Port (usually 3306), that MySQL or MariaDB is running on od-server (port 3306)',
    ],
    ["Access denied for user 'reader'", 'Check the User and Password'],
    ['No answer from Open Dental within 10 s', 'Check that od-server (port 3306) is switched on'],
    ['Not an Open Dental database: missing procedurelog.ProcStatus', 'Check the Database name'],
    ['No connection is set', 'An admin fills in the Open Dental connection'],
    ['A sync is already running', 'Wait a minute for it to finish'],
    [
      'The saved Open Dental password can no longer be read (the encryption key was lost or changed): enter it again and save',
      'An admin enters the Open Dental password again',
    ],
  ])('says what to check for "%s"', (reason, start) => {
    expect(whatToCheck(reason, where)).toMatch(new RegExp(`^${start.replace(/[()]/g, '\\$&')}`));
  });

  it('adds nothing to a reason it does not know, or that says what to check itself', () => {
    expect(whatToCheck('Something else happened')).toBeNull();
    expect(whatToCheck('The Open Dental server "od" was not found: check the host name.')).toBeNull();
    expect(
      whatToCheck(
        'Could not reach od:3306: the connection timed out after 10 seconds. Check the host and port, and that no firewall blocks the connection.',
      ),
    ).toBeNull();
  });
});
