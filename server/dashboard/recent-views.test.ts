import { recentViews } from './recent-views';

describe('recentViews', () => {
  it('remembers a key for its time, then forgets it', () => {
    const views = recentViews({ ttlMs: 1000, max: 10 });
    expect(views.has('a', 0)).toBe(false);
    views.note('a', 0);
    expect(views.has('a', 999)).toBe(true);
    expect(views.has('a', 1000)).toBe(false);
    expect(views.has('b', 10)).toBe(false);
  });

  it('counts the time from the last note', () => {
    const views = recentViews({ ttlMs: 1000, max: 10 });
    views.note('a', 0);
    views.note('a', 800);
    expect(views.has('a', 1500)).toBe(true);
  });

  it('keeps at most max keys, dropping the oldest', () => {
    const views = recentViews({ ttlMs: 1000, max: 2 });
    views.note('a', 0);
    views.note('b', 1);
    views.note('c', 2);
    expect([views.has('a', 3), views.has('b', 3), views.has('c', 3)]).toEqual([false, true, true]);
  });
});
