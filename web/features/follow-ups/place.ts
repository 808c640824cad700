/**
 * Where the user is in the list (docs/screens.md, Follow-ups): the last patient whose case they
 * opened, and how far their row was from the top of the window. A case opening beside the list,
 * closing, or a round trip to Patient Lookup leaves that row where it was on screen, so the user
 * goes on down the list from the same place.
 */
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Kept for the browser tab's session with the tabs' views, so it goes at sign-out with them. */
const KEY = 'view:follow-ups:place';

export interface Place {
  name: string;
  /**
   * The distance of the row's name from the top of the window, in pixels: the name, not the row,
   * because a row changes height as the columns beside an open case change.
   */
  top: number;
}

export function readPlace(): Place | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<Place> | null;
    return typeof kept?.name === 'string' && typeof kept.top === 'number'
      ? { name: kept.name, top: kept.top }
      : null;
  } catch {
    return null;
  }
}

const writePlace = (place: Place) => sessionStorage.setItem(KEY, JSON.stringify(place));

/** The list's row (a table row, or a card on a phone) of one patient, marked `data-patient`. */
export function rowOf(list: HTMLElement | null, name: string): HTMLElement | null {
  for (const row of list?.querySelectorAll<HTMLElement>('[data-patient]') ?? [])
    if (row.dataset.patient === name) return row;
  return null;
}

/** The button that opens a row's case: its name. */
export const nameButtonOf = (list: HTMLElement | null, name: string) =>
  rowOf(list, name)?.querySelector<HTMLElement>('button') ?? null;

/** How far the row's name is from the top of the window, or null when the row is not listed. */
const topOf = (list: HTMLElement | null, name: string) =>
  nameButtonOf(list, name)?.getBoundingClientRect().top ?? null;

/**
 * Keeps the place in the list within `list`. `ready`: the rows are on screen. `remember(name)`
 * measures a row now, before a change moves it (a case opening or closing beside the list); after
 * each change the row is put back where it was. `leave(name)` remembers it on the way to another
 * tab. On coming back to the tab the row is put back, and its name takes the focus unless a case
 * is open (the case takes it then). `lastName` is the row to mark.
 */
export function useKeptPlace(list: RefObject<HTMLElement | null>, openName: string | null, ready: boolean) {
  const [lastName, setLastName] = useState(() => readPlace()?.name ?? null);
  const arrived = useRef(false);
  // Leaving for another tab: its scroll to the top is not the user's.
  const leaving = useRef(false);

  const remember = useCallback(
    (name: string) => {
      const top = topOf(list.current, name);
      if (top !== null) writePlace({ name, top });
      setLastName(name);
    },
    [list],
  );

  // Before the browser paints: the row goes back where it was, so the list never jumps.
  useLayoutEffect(() => {
    if (!ready) return;
    const place = readPlace();
    const first = !arrived.current;
    arrived.current = true;
    // A case opened by a link (no place of its own): its row is brought into view.
    if (first && openName !== null && place?.name !== openName) {
      rowOf(list.current, openName)?.scrollIntoView({ block: 'center' });
      remember(openName);
      return;
    }
    if (place === null) return;
    const top = topOf(list.current, place.name);
    if (top === null) return;
    if (top !== place.top) window.scrollBy(0, top - place.top);
    if (first && openName === null) nameButtonOf(list.current, place.name)?.focus({ preventScroll: true });
  }, [ready, openName, list, remember]);

  // Scrolling moves the row: the place follows, so the next change keeps the row where it is now.
  useEffect(() => {
    let frame = 0;
    const follow = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (leaving.current) return;
        const place = readPlace();
        const top = place && topOf(list.current, place.name);
        if (place && top !== null) writePlace({ name: place.name, top });
      });
    };
    window.addEventListener('scroll', follow, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', follow);
    };
  }, [list]);

  const leave = useCallback(
    (name: string) => {
      remember(name);
      leaving.current = true;
    },
    [remember],
  );

  return { lastName, remember, leave };
}
