import { act, renderHook } from '@testing-library/react';
import { recordActivity } from '../../session/idle-phase';
import { useIdleLogoff } from './use-idle-logoff';

// The server judges the idle limit by its calls alone: while someone types or scrolls, which calls
// nothing, the hook has the server told, at once after a quiet spell and then once a minute.

beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
afterEach(() => vi.useRealTimers());

const pass = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });
const press = () => act(() => void window.dispatchEvent(new KeyboardEvent('keydown')));

function watch(minutes = 30) {
  const onExpired = vi.fn();
  const onStillActive = vi.fn();
  renderHook(() => useIdleLogoff(minutes, onExpired, onStillActive));
  return { onExpired, onStillActive };
}

describe('useIdleLogoff', () => {
  it('tells the server nothing while nobody is at work', () => {
    const { onStillActive } = watch();
    pass(10 * 60_000);
    expect(onStillActive).not.toHaveBeenCalled();
  });

  it('tells it at once after a quiet spell, then at most once a minute, the last activity included', () => {
    const { onStillActive } = watch();
    pass(5 * 60_000);
    press();
    expect(onStillActive).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 5; i++) {
      pass(10_000);
      press();
    }
    expect(onStillActive).toHaveBeenCalledTimes(1);
    // The activity of those 50 seconds is told when the minute is over, and nothing more after it.
    pass(10_000);
    expect(onStillActive).toHaveBeenCalledTimes(2);
    pass(10 * 60_000);
    expect(onStillActive).toHaveBeenCalledTimes(2);
  });

  it('tells it of activity in another tab too', () => {
    const { onStillActive } = watch();
    pass(2 * 60_000);
    recordActivity(Date.now());
    pass(1_000);
    expect(onStillActive).toHaveBeenCalledTimes(1);
  });

  it('tells it nothing once signed out, nor with the logoff turned off', () => {
    const { onExpired, onStillActive } = watch(1);
    pass(61_000);
    expect(onExpired).toHaveBeenCalledTimes(1);
    const off = watch(0);
    pass(2 * 60_000);
    press();
    pass(2 * 60_000);
    expect(off.onStillActive).not.toHaveBeenCalled();
    expect(onStillActive).not.toHaveBeenCalled();
  });
});
