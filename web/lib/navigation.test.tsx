import { renderHook } from '@testing-library/react';
import { type Navigation, NavigationContext, useOpenPatient } from './navigation';

// The consumer side of the tab-to-tab navigation; the shell's side is tested in
// web/app/shell/navigation.test.tsx.

describe('useOpenPatient', () => {
  it("gives the shell's openPatient, and refuses outside a shell", () => {
    const value: Navigation = { openPatient: vi.fn(), caseHref: vi.fn(() => ''), tabHref: vi.fn(() => '') };
    const { result } = renderHook(() => useOpenPatient(), {
      wrapper: ({ children }) => (
        <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>
      ),
    });
    result.current('Bob Baker');
    expect(value.openPatient).toHaveBeenCalledWith('Bob Baker');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useOpenPatient())).toThrow(/NavigationContext/);
  });
});
