import { describe, expect, it } from 'vitest';
import {
  groupSecret,
  isTotpComplete,
  recoveryCodesFileName,
  recoveryCodesText,
  recoveryInput,
  totpInput,
} from './code';

describe('totpInput', () => {
  it('keeps digits only, as apps show and phones paste them', () => {
    expect(totpInput('123 456')).toBe('123456');
    expect(totpInput('123-456')).toBe('123456');
    expect(totpInput(' 12a3')).toBe('123');
  });

  it('stops at six digits', () => {
    expect(totpInput('1234567')).toBe('123456');
  });
});

describe('isTotpComplete', () => {
  it('is six digits exactly', () => {
    expect(isTotpComplete('123456')).toBe(true);
    expect(isTotpComplete('12345')).toBe(false);
    expect(isTotpComplete('12345a')).toBe(false);
  });
});

describe('recoveryInput', () => {
  it('drops spaces and keeps the dashes and letters', () => {
    expect(recoveryInput(' abcd-efgh -ijkl ')).toBe('abcd-efgh-ijkl');
  });
});

describe('groupSecret', () => {
  it('groups the secret in fours with no space at the end', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('JBSWY3DPEH')).toBe('JBSW Y3DP EH');
  });
});

describe('recovery codes file', () => {
  it('says what the codes are for, then one per line', () => {
    const text = recoveryCodesText(['aaaa-bbbb-cccc', 'dddd-eeee-ffff'], 'maria', '2025-03-09');
    expect(text.split('\n')).toEqual([
      'Full Arch Tracker recovery codes for maria (2025-03-09)',
      'Each code signs in once in place of the authenticator app. Keep them somewhere safe.',
      '',
      'aaaa-bbbb-cccc',
      'dddd-eeee-ffff',
      '',
    ]);
  });

  it('names the file after the user, with nothing a file system refuses', () => {
    expect(recoveryCodesFileName('maria lópez')).toBe('full-arch-tracker-recovery-codes-maria-l-pez.txt');
  });
});
