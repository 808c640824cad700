import { isHostNameOrAddress } from './host-name';

describe('isHostNameOrAddress', () => {
  it.each([
    'od-server',
    'OD_SERVER',
    'od.practice.local',
    'od.practice.local.',
    'localhost',
    '10.0.0.5',
    '127.0.0.1',
    '::1',
    'fe80::1ff:fe23:4567:890a',
    '::ffff:10.0.0.5',
  ])('takes %s', (host) => {
    expect(isHostNameOrAddress(host)).toBe(true);
  });

  it.each([
    'file:///etc/passwd',
    'mysql://od-server',
    '127.0.0.1:22',
    'od-server:3306',
    '[::1]',
    '[::1]:3306',
    'od-server/opendental',
    'reader@od-server',
    'od server',
    '-od',
    'od..local',
    '10.0.0.256',
    '10.0.0',
    '',
    `${'a'.repeat(64)}.local`,
    'a.'.repeat(128),
  ])('refuses %s', (host) => {
    expect(isHostNameOrAddress(host)).toBe(false);
  });
});
