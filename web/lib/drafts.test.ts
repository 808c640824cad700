import { act, renderHook } from '@testing-library/react';
import { clearDrafts, draftKey, readText, useDraft } from './drafts';

// A draft lives in this tab's sessionStorage while it differs from its empty value.

describe('useDraft', () => {
  const key = draftKey('case', 'casey', 'Ann Archer', 'note');

  it('keeps what is typed, starts from it again, and forgets it when emptied', () => {
    const first = renderHook(() => useDraft(key, '', readText));
    act(() => first.result.current[1]('Call after 3'));
    expect(JSON.parse(sessionStorage.getItem(key) ?? 'null')).toBe('Call after 3');
    expect(localStorage.length).toBe(0);
    first.unmount();

    const again = renderHook(() => useDraft(key, '', readText));
    expect(again.result.current[0]).toBe('Call after 3');
    act(() => again.result.current[1](''));
    expect(sessionStorage.getItem(key)).toBeNull();
  });

  it('starts empty from a draft it cannot read, and afresh for another key', () => {
    sessionStorage.setItem(key, '{broken');
    const other = draftKey('case', 'casey', 'Bob Baker', 'note');
    sessionStorage.setItem(other, JSON.stringify(42));
    expect(renderHook(() => useDraft(key, '', readText)).result.current[0]).toBe('');
    expect(renderHook(() => useDraft(other, '', readText)).result.current[0]).toBe('');

    sessionStorage.setItem(other, JSON.stringify('Bob'));
    const { result, rerender } = renderHook(({ k }) => useDraft(k, '', readText), {
      initialProps: { k: key },
    });
    rerender({ k: other });
    expect(result.current[0]).toBe('Bob');
  });

  it('are all cleared at once, and nothing else with them', () => {
    sessionStorage.setItem(key, JSON.stringify('text'));
    sessionStorage.setItem('view:follow-ups', '?stage=undecided');
    clearDrafts();
    expect(sessionStorage.getItem(key)).toBeNull();
    expect(sessionStorage.getItem('view:follow-ups')).toBe('?stage=undecided');
  });
});
