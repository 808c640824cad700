/**
 * The page's address is the view's state (docs/screens.md section 10): `/<tab>?<what it shows>`.
 * A reload, Back and Forward, a bookmark and a shared link all come back to the same view because
 * the tabs read their filters from here instead of keeping them to themselves.
 */
import { useMemo, useSyncExternalStore } from 'react';

/** Sent after our own pushState/replaceState, which (unlike Back and Forward) fire no popstate. */
const CHANGED = 'address-changed';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(CHANGED, onChange);
  };
}

const current = () => `${window.location.pathname}${window.location.search}`;

export interface Address {
  /** The first part of the path, without slashes: the tab ('' for the root). */
  tab: string;
  params: URLSearchParams;
}

/** Parses `/tab?x=1` (or a whole URL) into the tab and its parameters. */
export function parseAddress(href: string): Address {
  const url = new URL(href, 'http://address.invalid');
  return { tab: url.pathname.split('/').filter(Boolean)[0] ?? '', params: url.searchParams };
}

/** The current address, re-rendering on every change (ours, Back, Forward). */
export function useAddress(): Address {
  const href = useSyncExternalStore(subscribe, current);
  return useMemo(() => parseAddress(href), [href]);
}

export interface GoOptions {
  /** Change the address without a new history entry (a correction, not a step the user took). */
  replace?: boolean;
  /** Kept with the entry: lets a dialog tell whether Back would close it (see `cameFromHere`). */
  state?: Record<string, unknown>;
}

/** Moves to `href`; a no-op when already there. */
export function goTo(href: string, { replace = false, state }: GoOptions = {}): void {
  if (href === current() && !state) return;
  if (replace) window.history.replaceState(state ?? window.history.state, '', href);
  else window.history.pushState(state ?? null, '', href);
  window.dispatchEvent(new Event(CHANGED));
}

/** `/tab?…` with `updates` applied: a null, undefined or '' value removes the parameter. */
export function hrefWith(
  address: Address,
  updates: Record<string, string | number | null | undefined>,
): string {
  const params = new URLSearchParams(address.params);
  for (const [key, value] of Object.entries(updates)) {
    if (value === null || value === undefined || value === '') params.delete(key);
    else params.set(key, String(value));
  }
  const query = params.toString();
  return `/${address.tab}${query ? `?${query}` : ''}`;
}

/** The history entry's state: whether this entry was pushed with `{ [key]: true }`. */
export const cameFromHere = (key: string): boolean =>
  Boolean((window.history.state as Record<string, unknown> | null)?.[key]);
