import { useEffect, useMemo } from 'react';
import { filterParams, NO_FILTERS } from '../../features/follow-ups/filters';
import { type Address, goTo, hrefWith, useAddress } from '../../lib/address';
import type { CaseView, Navigation } from '../../lib/navigation';
import { FOLLOW_UPS_TAB, PATIENT_LOOKUP_TAB, type TabDefinition } from './tabs';

/** Where each tab's last address is kept for the browser tab's session. */
const viewKey = (tab: string) => `view:${tab}`;

/** The address a tab opens at: where the user left it this session, else its bare path. */
export const tabHref = (tab: string) => `/${tab}${sessionStorage.getItem(viewKey(tab)) ?? ''}`;

/**
 * The shell's view of the address (web/lib/address.ts): the open tab is the path's first part.
 * An address naming no tab this user has (the root, an old link, an admin-only tab) becomes the
 * first tab without a history step. Each tab's parameters are remembered as the user leaves it, so
 * its filters are still there when they come back through the tab bar.
 */
export function useShellAddress(tabs: readonly TabDefinition[]) {
  const address = useAddress();
  const known = tabs.some((tab) => tab.value === address.tab);
  const active = known ? address.tab : tabs[0].value;

  useEffect(() => {
    if (!known) goTo(tabHref(tabs[0].value), { replace: true });
  }, [known, tabs]);
  useEffect(() => {
    if (known) rememberView(address);
  }, [known, address]);

  const select = (value: string | null) => {
    if (value && value !== active) goTo(tabHref(value));
  };
  return { active, select };
}

/**
 * On sign-out: the next person at this browser starts afresh, and no patient's name stays in the
 * address or the session's memory of the tabs.
 */
export function forgetViews() {
  for (const key of Object.keys(sessionStorage)) if (key.startsWith('view:')) sessionStorage.removeItem(key);
  goTo('/', { replace: true });
}

function rememberView(address: Address) {
  const query = address.params.toString();
  sessionStorage.setItem(viewKey(address.tab), query ? `?${query}` : '');
}

/** The context tabs use to open one another (web/lib/navigation.ts). */
export function useShellNavigation(): Navigation {
  return useMemo(
    () => ({
      openPatient: (name: string) => {
        goTo(`/${PATIENT_LOOKUP_TAB}?${new URLSearchParams({ patient: name })}`);
        // The name may have been far down a long list; the patient's record starts at the top.
        window.scrollTo(0, 0);
      },
      caseHref: (name: string, { stage, scheduled, snoozed }: CaseView) =>
        hrefWith(
          { tab: FOLLOW_UPS_TAB, params: new URLSearchParams() },
          {
            ...filterParams({ ...NO_FILTERS, stage, includeScheduled: scheduled, includeSnoozed: snoozed }),
            case: name,
          },
        ),
    }),
    [],
  );
}
