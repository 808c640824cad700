import { lockLeftMs, MAX_FAILURES } from './throttle';

const MIN = 60_000;
const at = (minutes: number) => new Date(minutes * MIN);

describe('lockLeftMs', () => {
  it('is 0 below the limit', () => {
    expect(lockLeftMs([at(4), at(3), at(2), at(1)], MAX_FAILURES, 5 * MIN)).toBe(0);
  });

  it('locks until a window after the newest failure when the limit fell within one window', () => {
    const five = [at(14), at(10), at(5), at(1), at(0)];
    expect(lockLeftMs(five, MAX_FAILURES, 15 * MIN)).toBe(14 * MIN);
    expect(lockLeftMs(five, MAX_FAILURES, 29 * MIN)).toBe(0);
  });

  it('does not lock when the failures are spread over more than a window', () => {
    expect(lockLeftMs([at(16), at(10), at(5), at(1), at(0)], MAX_FAILURES, 17 * MIN)).toBe(0);
  });
});
