import { useMediaQuery } from '@mantine/hooks';

/**
 * The tab's two layout breaks, read from the window on the first render rather than after it: a
 * reload that draws the desktop table first and the phone's cards a moment later would move the
 * rows after the list's place was put back (place.ts).
 */
const now = { getInitialValueInEffect: false } as const;

/** A phone (up to 48em): one card per patient, the filters behind a button. */
export const usePhone = () => useMediaQuery('(max-width: 47.99em)', undefined, now);

/** Wide enough (75em) for an open case beside the list rather than in a drawer. */
export const useWideEnoughForCase = () => useMediaQuery('(min-width: 75em)', undefined, now);
