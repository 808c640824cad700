import type { OpendentalSettings } from '../../../common/api/sync';
import { bodyOf, fieldOf, fieldsOf, refusalOf, testBodyOf } from './connection-fields';

const saved: OpendentalSettings = {
  success: true,
  configured: true,
  source: 'settings',
  host: 'od-server',
  port: null,
  database: null,
  user: 'reader',
  password_set: true,
  password_unreadable: false,
  schedule: 'daily',
  daily_hour: 5,
  time_zone: 'America/Chicago',
  last_sync: null,
};

describe('the connection form', () => {
  it('fills in the defaults and never a password', () => {
    expect(fieldsOf(saved)).toEqual({
      host: 'od-server',
      port: '3306',
      database: 'opendental',
      user: 'reader',
      password: '',
      schedule: 'daily',
      daily_hour: '5',
    });
  });

  it('sends only the schedule and its hour when the connection is in the environment', () => {
    const fields = { ...fieldsOf(saved), port: ' ' };
    expect(bodyOf(fields, true)).toEqual({ schedule: 'daily', daily_hour: '5' });
    expect(bodyOf(fields, false)).toMatchObject({ host: 'od-server', port: undefined });
  });

  it('tests the connection as typed, without the schedule; nothing typed counts in the environment', () => {
    const fields = { ...fieldsOf(saved), host: '10.0.0.7' };
    expect(testBodyOf(fields, false)).toEqual({
      host: '10.0.0.7',
      port: '3306',
      database: 'opendental',
      user: 'reader',
      password: '',
    });
    expect(testBodyOf(fields, true)).toEqual({});
  });

  it('refuses what the server refuses, in its words, naming the field', () => {
    const host = (h: string) => refusalOf(bodyOf({ ...fieldsOf(saved), host: h }, false));
    const refusal = host('127.0.0.1:22');
    expect(refusal).toBe(
      'host must be a host name or an IP address, without a scheme or port; put the port in the Port field.',
    );
    expect(fieldOf(refusal ?? '')).toBe('host');
    expect(host('file:///etc/passwd')).toBe(refusal);
    expect(host('10.0.0.5')).toBeNull();
    expect(fieldOf(refusalOf({ ...bodyOf(fieldsOf(saved), false), port: '99999' }) ?? '')).toBe('port');
    expect(refusalOf({ ...bodyOf(fieldsOf(saved), false), daily_hour: '24' })).toBe(
      'daily_hour must be a whole number from 0 to 23',
    );
  });
});
