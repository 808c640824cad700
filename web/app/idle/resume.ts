/**
 * Where the automatic logoff found the user, so that signing in again (as the same user, in the
 * same browser tab) goes back there: the same address (`/follow-ups?case=...`) and the tabs' kept
 * views, with the drafts typed there (web/lib/drafts.ts). Meanwhile the address shows only `/` and
 * the tabs' views are forgotten, as at any sign-out (web/app/shell/navigation.ts, forgetViews), and
 * anyone else signing in here starts afresh; the place is kept in sessionStorage only, this tab's.
 */

const PLACE_KEY = 'idle-place';
/** The shell's kept views of the tabs (web/app/shell/navigation.ts). */
const VIEW_PREFIX = 'view:';

interface Place {
  /** Lower case: a username is one user whatever its case. */
  user: string;
  href: string;
  views: Record<string, string>;
}

/** Just before the automatic logoff forgets the views and the address. */
export function keepPlace(username: string) {
  const views: Record<string, string> = {};
  for (const key of Object.keys(sessionStorage))
    if (key.startsWith(VIEW_PREFIX)) views[key] = sessionStorage.getItem(key) ?? '';
  const href = `${window.location.pathname}${window.location.search}`;
  const place: Place = { user: username.toLowerCase(), href, views };
  sessionStorage.setItem(PLACE_KEY, JSON.stringify(place));
}

function readPlace(): Place | null {
  try {
    const place = JSON.parse(sessionStorage.getItem(PLACE_KEY) ?? 'null');
    return typeof place?.user === 'string' && typeof place.href === 'string' && /^\/(?!\/)/.test(place.href)
      ? { user: place.user, href: place.href, views: typeof place.views === 'object' ? place.views : {} }
      : null;
  } catch {
    return null;
  }
}

/**
 * On signing in: when the automatic logoff signed this user out of this tab, puts back the views
 * and the address (without a history step) before the shell reads it. Forgets the place either way,
 * so it is used once and never by someone else.
 */
export function resumePlace(username: string) {
  const place = readPlace();
  sessionStorage.removeItem(PLACE_KEY);
  if (!place || place.user !== username.toLowerCase()) return;
  for (const [key, value] of Object.entries(place.views))
    if (key.startsWith(VIEW_PREFIX) && typeof value === 'string') sessionStorage.setItem(key, value);
  window.history.replaceState(window.history.state, '', place.href);
}

/** On a deliberate sign-out: nothing to go back to. */
export const forgetPlace = () => sessionStorage.removeItem(PLACE_KEY);
