import { render, renderHook } from '@testing-library/react';
import { type ReactNode, StrictMode } from 'react';
import {
  type Navigation,
  NavigationContext,
  type PatientRequest,
  useOpenPatient,
  usePatientRequests,
} from './navigation';

// The consumer side of the tab-to-tab navigation; the shell's side is tested in
// web/app/shell/navigation.test.tsx.

function navigation(request: PatientRequest | null): Navigation {
  return { openPatient: vi.fn(), patientRequest: request, patientShown: vi.fn() };
}

function Lookup({ show }: { show: (name: string) => void }) {
  usePatientRequests(show);
  return null;
}

const withNavigation = (value: Navigation, children: ReactNode) => (
  <StrictMode>
    <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>
  </StrictMode>
);

describe('usePatientRequests', () => {
  it('shows a waiting request once, even under StrictMode, and marks it shown', () => {
    const show = vi.fn();
    const value = navigation({ id: 7, name: 'Ann Archer' });
    render(withNavigation(value, <Lookup show={show} />));
    expect(show).toHaveBeenCalledTimes(1);
    expect(show).toHaveBeenCalledWith('Ann Archer');
    expect(value.patientShown).toHaveBeenCalledWith(7);
  });

  it('shows each new request, the same name twice included', () => {
    const show = vi.fn();
    const first = navigation({ id: 1, name: 'Ann Archer' });
    const view = render(withNavigation(first, <Lookup show={show} />));
    view.rerender(
      withNavigation({ ...first, patientRequest: { id: 2, name: 'Ann Archer' } }, <Lookup show={show} />),
    );
    expect(show.mock.calls).toEqual([['Ann Archer'], ['Ann Archer']]);
  });

  it('does nothing without a request, or without a shell', () => {
    const show = vi.fn();
    render(withNavigation(navigation(null), <Lookup show={show} />));
    render(<Lookup show={show} />);
    expect(show).not.toHaveBeenCalled();
  });
});

describe('useOpenPatient', () => {
  it("gives the shell's openPatient, and refuses outside a shell", () => {
    const value = navigation(null);
    const { result } = renderHook(() => useOpenPatient(), {
      wrapper: ({ children }) => withNavigation(value, children),
    });
    result.current('Bob Baker');
    expect(value.openPatient).toHaveBeenCalledWith('Bob Baker');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useOpenPatient())).toThrow(/NavigationContext/);
  });
});
