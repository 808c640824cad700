import { dueSlot, missedSlot, slotKey, slotStart } from './sync-schedule';

// Local times, as the server's clock reads them.
const at = (day: number, hour: number, minute = 0) => new Date(2026, 2, day, hour, minute);

describe('slotStart', () => {
  it('has no slot while off', () => {
    expect(slotStart('off', at(5, 10, 30))).toBeNull();
  });

  it('is minute 0 of the hour for hourly', () => {
    expect(slotStart('hourly', at(5, 10, 0))).toEqual(at(5, 10));
    expect(slotStart('hourly', at(5, 10, 59))).toEqual(at(5, 10));
    expect(slotStart('hourly', at(5, 0, 1))).toEqual(at(5, 0));
  });

  it('is 05:00 for daily, yesterday before 05:00', () => {
    expect(slotStart('daily', at(5, 5, 0))).toEqual(at(5, 5));
    expect(slotStart('daily', at(5, 23, 59))).toEqual(at(5, 5));
    expect(slotStart('daily', at(5, 4, 59))).toEqual(at(4, 5));
    // Across a month's end.
    expect(slotStart('daily', new Date(2026, 3, 1, 1))).toEqual(at(31, 5));
  });
});

describe('the daily hour chosen', () => {
  it('moves the daily slot to that hour, yesterday before it', () => {
    expect(slotStart('daily', at(5, 18, 0), 18)).toEqual(at(5, 18));
    expect(slotStart('daily', at(5, 17, 59), 18)).toEqual(at(4, 18));
    expect(slotStart('daily', at(5, 0, 0), 0)).toEqual(at(5, 0));
    expect(slotStart('daily', at(5, 23, 30), 23)).toEqual(at(5, 23));
  });

  it('leaves the hourly slots as they are', () => {
    expect(slotStart('hourly', at(5, 10, 30), 18)).toEqual(at(5, 10));
  });

  it('is the hour due and the hour missed', () => {
    expect(dueSlot('daily', at(5, 6), at(5, 23), 22)).toEqual(at(5, 22));
    // Chosen at 06:00: 22:00 is missed a quarter of an hour after it passed, not before.
    expect(missedSlot('daily', at(5, 6), null, at(5, 22, 10), 22)).toBeNull();
    expect(missedSlot('daily', at(5, 6), null, at(5, 22, 20), 22)).toEqual(at(5, 22));
  });
});

describe('dueSlot', () => {
  it('waits for the first slot after the schedule was chosen', () => {
    expect(dueSlot('hourly', at(5, 10, 45), at(5, 10, 50))).toBeNull();
    expect(dueSlot('hourly', at(5, 10, 45), at(5, 11, 0))).toEqual(at(5, 11));
    expect(dueSlot('daily', at(5, 6), at(5, 23))).toBeNull();
    expect(dueSlot('daily', at(5, 6), at(6, 5))).toEqual(at(6, 5));
  });

  it('runs a slot missed while the server was down when it comes back', () => {
    expect(dueSlot('daily', at(1, 12), at(5, 8, 30))).toEqual(at(5, 5));
  });

  it('has none while off', () => {
    expect(dueSlot('off', null, at(5, 5))).toBeNull();
  });
});

describe('slotKey', () => {
  it('names the slot by its local start', () => {
    expect(slotKey(at(5, 5))).toBe('2026-03-05T05:00');
  });
});

describe('missedSlot', () => {
  it('is none while the sync of the latest slot may still be under way, or has worked', () => {
    expect(missedSlot('hourly', null, at(27, 6, 0), at(27, 7, 10))).toBeNull();
    expect(missedSlot('hourly', null, at(27, 7, 1), at(27, 7, 30))).toBeNull();
    expect(missedSlot('daily', null, at(27, 5, 2), at(27, 23, 0))).toBeNull();
  });

  it('is the slot begun without a sync since, a quarter of an hour on', () => {
    expect(missedSlot('hourly', null, at(27, 6, 1), at(27, 7, 20))).toEqual(at(27, 7));
    expect(missedSlot('daily', null, at(26, 5, 1), at(27, 5, 16))).toEqual(at(27, 5));
    expect(missedSlot('hourly', null, null, at(27, 7, 20))).toEqual(at(27, 7));
  });

  it('is none while off, or for a slot begun before the schedule was chosen', () => {
    expect(missedSlot('off', null, null, at(27, 7, 20))).toBeNull();
    expect(missedSlot('hourly', at(27, 7, 5), null, at(27, 7, 20))).toBeNull();
  });
});
