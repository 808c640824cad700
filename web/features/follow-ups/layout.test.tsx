import { render } from '@testing-library/react';
import { usePhone, useWideEnoughForCase } from './layout';

// The layout is known from the first render: a reload that drew the desktop table first and the
// phone's cards a moment later would move the rows after the list's place was put back (place.ts).

function Seen({ seen }: { seen: [boolean, boolean][] }) {
  seen.push([usePhone(), useWideEnoughForCase()]);
  return null;
}

const windowOf = (width: number) =>
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string): MediaQueryList => ({
      matches: query.includes('max-width') ? width < 768 : width >= 1200,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  );

afterEach(() => vi.restoreAllMocks());

describe("the Follow-ups tab's layout", () => {
  it.each([
    [390, [true, false]],
    [1000, [false, false]],
    [1280, [false, true]],
  ] as const)('at %i px is right on the first render', (width, expected) => {
    windowOf(width);
    const seen: [boolean, boolean][] = [];
    render(<Seen seen={seen} />);
    expect(seen[0]).toEqual(expected);
    expect(new Set(seen.map((s) => s.join()))).toEqual(new Set([expected.join()]));
  });
});
