import { boxOfRefusal, checkPasswordChange } from './change-password';

describe('checkPasswordChange', () => {
  it('passes a complete change', () => {
    expect(checkPasswordChange({ current: 'old-pass', next: 'new-pass', confirm: 'new-pass' })).toEqual({});
  });

  it('puts each problem under its own box', () => {
    expect(checkPasswordChange({ current: '', next: '12345', confirm: '' })).toEqual({
      current: 'Current password is required',
      next: 'Password must be at least 6 characters long',
    });
    expect(checkPasswordChange({ current: 'old-pass', next: 'new-pass', confirm: 'new-pas' })).toEqual({
      confirm: 'Passwords do not match',
    });
    expect(checkPasswordChange({ current: 'old-pass', next: 'old-pass', confirm: 'old-pass' })).toEqual({
      next: 'The new password must differ from the current one',
    });
  });
});

describe('boxOfRefusal', () => {
  it('places the server refusals about a box under it', () => {
    expect(boxOfRefusal('Current password is incorrect')).toBe('current');
    expect(boxOfRefusal('Password must be at least 6 characters long')).toBe('next');
    expect(boxOfRefusal('The new password must differ from the current one')).toBe('next');
    expect(boxOfRefusal('Too many failed sign-in attempts. Try again in 15 minutes.')).toBeNull();
  });
});
