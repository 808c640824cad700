import type { OpendentalSettings } from '../../../common/api/sync';
import { ApiError } from '../../lib/api';
import { bodyOf, fieldsOf, refusalOf, serverRefusal, testBodyOf } from './connection-fields';

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

  it('refuses what the server refuses, in its words, under the field its schema names', () => {
    const host = (h: string) => refusalOf(bodyOf({ ...fieldsOf(saved), host: h }, false));
    const refusal = host('127.0.0.1:22');
    expect(refusal).toEqual({
      message:
        'host must be a host name or an IP address, without a scheme or port; put the port in the Port field.',
      field: 'host',
    });
    expect(host('file:///etc/passwd')).toEqual(refusal);
    expect(host('10.0.0.5')).toBeNull();
    expect(refusalOf({ ...bodyOf(fieldsOf(saved), false), port: '99999' })?.field).toBe('port');
    expect(refusalOf({ ...bodyOf(fieldsOf(saved), false), daily_hour: '24' })).toEqual({
      message: 'daily_hour must be a whole number from 0 to 23',
      field: 'daily_hour',
    });
  });

  it("places the server's refusal under the field its answer names, else above the form", () => {
    const missing = new ApiError(400, 'user is required', { code: 'missing_field', field: 'user' });
    expect(serverRefusal(missing)).toEqual({ message: 'user is required', field: 'user' });
    // The words alone decide nothing: without a field named, the refusal is the form's.
    const unnamed = new ApiError(409, 'host is set in the environment', {
      code: 'connection_in_environment',
    });
    expect(serverRefusal(unnamed)).toEqual({ message: 'host is set in the environment', field: null });
    const elsewhere = new ApiError(400, 'x', { code: 'invalid_field', field: 'token' });
    expect(serverRefusal(elsewhere).field).toBeNull();
    expect(serverRefusal(new ApiError(0, 'Network error', { fromServer: false }))).toEqual({
      message: 'Network error',
      field: null,
    });
  });
});
