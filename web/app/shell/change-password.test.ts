import { ApiError } from '../../lib/api';
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
  const refusal = (detail: ConstructorParameters<typeof ApiError>[2]) => new ApiError(400, 'refused', detail);

  it('places the server refusals about a box under it, by the field they name', () => {
    expect(boxOfRefusal(refusal({ code: 'wrong_password', field: 'current_password' }))).toBe('current');
    expect(boxOfRefusal(refusal({ code: 'invalid_field', field: 'new_password' }))).toBe('next');
    expect(boxOfRefusal(refusal({ code: 'same_password', field: 'new_password' }))).toBe('next');
  });

  it('leaves above the form a refusal about no box, whatever its words', () => {
    expect(boxOfRefusal(refusal({ code: 'sign_in_locked' }))).toBeNull();
    expect(boxOfRefusal(new ApiError(400, 'Current password is incorrect'))).toBeNull();
    expect(boxOfRefusal(refusal({ code: 'invalid_field', field: 'token' }))).toBeNull();
    expect(boxOfRefusal(new Error('Current password is incorrect'))).toBeNull();
  });
});
