import { act, renderHook } from '@testing-library/react';
import { cameFromHere, goTo, hrefWith, parseAddress, useAddress } from './address';

describe('parseAddress', () => {
  it('takes the tab from the first part of the path and keeps the parameters', () => {
    const address = parseAddress('/dashboard?year=2025&provider=Dr.%20Lee');
    expect(address.tab).toBe('dashboard');
    expect(address.params.get('provider')).toBe('Dr. Lee');
    expect(parseAddress('/').tab).toBe('');
  });
});

describe('hrefWith', () => {
  it('sets, replaces and removes parameters, keeping the others', () => {
    const address = parseAddress('/follow-ups?stage=undecided&provider=Dr.%20Lee');
    expect(hrefWith(address, { provider: null, location: 'Main Street' })).toBe(
      '/follow-ups?stage=undecided&location=Main+Street',
    );
    expect(hrefWith(address, { stage: '', provider: undefined })).toBe('/follow-ups');
    expect(hrefWith(address, { year: 2025 })).toBe('/follow-ups?stage=undecided&provider=Dr.+Lee&year=2025');
  });
});

describe('useAddress and goTo', () => {
  it('re-renders on our own changes and on Back, and marks the entries it was asked to', async () => {
    const { result } = renderHook(() => useAddress());
    act(() => goTo('/dashboard?year=2025'));
    expect(result.current.params.get('year')).toBe('2025');
    act(() => goTo('/dashboard?year=2025&details=consults_won', { state: { list: true } }));
    expect(cameFromHere('list')).toBe(true);
    act(() => goTo('/dashboard?year=2024', { replace: true }));
    expect(window.history.length).toBeGreaterThan(1);
    expect(result.current.params.get('year')).toBe('2024');

    const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    window.history.back();
    await act(() => popped);
    expect(result.current.params.get('year')).toBe('2025');
    expect(cameFromHere('list')).toBe(false);
  });
});
