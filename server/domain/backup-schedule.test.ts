import {
  backupFileName,
  backupMoment,
  backupSlot,
  backupSlotKey,
  backupsBeyond,
  nextBackupAt,
} from './backup-schedule';

const at = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute);
const TWO = { hour: 2, minute: 0 };

describe('backupSlot', () => {
  it("is today's slot once its time has come, yesterday's before", () => {
    expect(backupSlot(at(27, 2, 0), TWO)).toEqual(at(27, 2));
    expect(backupSlot(at(27, 23, 59), TWO)).toEqual(at(27, 2));
    expect(backupSlot(at(27, 1, 59), TWO)).toEqual(at(26, 2));
  });
  it('keeps the minutes of BACKUP_TIME', () => {
    expect(backupSlot(at(27, 23, 31), { hour: 23, minute: 30 })).toEqual(at(27, 23, 30));
    expect(backupSlot(at(27, 23, 29), { hour: 23, minute: 30 })).toEqual(at(26, 23, 30));
  });
  it('claims a slot under its local day', () => {
    expect(backupSlotKey(at(27, 2))).toBe('2026-11-27');
  });
});

describe('nextBackupAt', () => {
  it('is the slot after now', () => {
    expect(nextBackupAt(at(27, 1, 0), TWO)).toEqual(at(27, 2));
    expect(nextBackupAt(at(27, 2, 0), TWO)).toEqual(at(28, 2));
    expect(nextBackupAt(at(30, 12), TWO)).toEqual(new Date(2026, 11, 1, 2));
  });
});

describe('backup file names', () => {
  it('name the moment in UTC and read back', () => {
    const moment = new Date('2026-11-27T02:00:04.321Z');
    expect(backupFileName(moment)).toBe('full-arch-backup-2026-11-27T02-00-04.fab');
    expect(backupMoment('full-arch-backup-2026-11-27T02-00-04.fab')).toBe('2026-11-27T02:00:04.000Z');
    expect(backupMoment('.full-arch-backup-2026-11-27T02-00-04.fab.partial')).toBeNull();
    expect(backupMoment('notes.txt')).toBeNull();
  });
  it('keep the newest', () => {
    const files = [
      'full-arch-backup-2026-11-25T02-00-00.fab',
      'full-arch-backup-2026-11-27T02-00-00.fab',
      'full-arch-backup-2026-11-26T02-00-00.fab',
    ];
    expect(backupsBeyond(files, 2)).toEqual(['full-arch-backup-2026-11-25T02-00-00.fab']);
    expect(backupsBeyond(files, 14)).toEqual([]);
  });
});
