import { notifications } from '@mantine/notifications';
import { useEffect, useMemo, useState } from 'react';
import { type Address, goTo, hrefWith, useAddress } from '../../lib/address';
import { errorMessage } from '../../lib/api';
import { type CaseView, caseParams, type Navigation, type OtherTab } from '../../lib/navigation';
import { patientIdOf } from '../../lib/patient-ref';
import { FOLLOW_UPS_TAB, PATIENT_LOOKUP_TAB, TABS, type TabDefinition } from './tabs';

/** Where each tab's last address is kept for the browser tab's session. */
const viewKey = (tab: string) => `view:${tab}`;

/** The address a tab opens at: where the user left it this session, else its bare path. */
export const tabHref = (tab: string) => `/${tab}${sessionStorage.getItem(viewKey(tab)) ?? ''}`;

/** Why an address naming a tab of other roles opened the first tab: `User Management is for admins only`. */
export function refusedTabNote(tab: TabDefinition): string {
  return `${tab.label} is for ${(tab.roles ?? []).map((role) => `${role}s`).join(' and ')} only`;
}

/**
 * The shell's view of the address (web/lib/address.ts): the open tab is the path's first part.
 * An address naming no tab this user has (the root, an old link, an admin-only tab) becomes the
 * first tab without a history step; when it names a tab of other roles, `refused` says why, until
 * the user moves to another tab. Each tab's parameters are remembered as the user leaves it, so
 * its filters are still there when they come back through the tab bar.
 */
export function useShellAddress(tabs: readonly TabDefinition[]) {
  const address = useAddress();
  const known = tabs.some((tab) => tab.value === address.tab);
  const first = tabs[0].value;
  const active = known ? address.tab : first;
  const [refused, setRefused] = useState<string | null>(null);

  useEffect(() => {
    if (known) return;
    const other = TABS.find((tab) => tab.value === address.tab);
    setRefused(other ? refusedTabNote(other) : null);
    goTo(tabHref(first), { replace: true });
  }, [known, address.tab, first]);
  useEffect(() => {
    if (known) rememberView(address);
  }, [known, address]);
  // Said on the tab it opened; leaving that tab ends it.
  if (refused !== null && active !== first) setRefused(null);

  const select = (value: string | null) => {
    if (value && value !== active) goTo(tabHref(value));
  };
  return { active, select, refused, dismiss: () => setRefused(null) };
}

/**
 * On sign-out: the next person at this browser starts afresh, and no patient's name stays in the
 * address or the session's memory of the tabs.
 */
export function forgetViews() {
  for (const key of Object.keys(sessionStorage)) if (key.startsWith('view:')) sessionStorage.removeItem(key);
  // Earlier releases kept the Dashboard's last location here; the address alone decides it now.
  localStorage.removeItem('dashboard-location');
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
      openPatient: (name: string, id?: string) => {
        const open = (patient: string) => {
          goTo(`/${PATIENT_LOOKUP_TAB}?${new URLSearchParams({ patient })}`);
          // The name may have been far down a long list; the patient's record starts at the top.
          window.scrollTo(0, 0);
        };
        if (id) open(id);
        else
          patientIdOf(name).then(open, (err: unknown) =>
            notifications.show({ color: 'red', message: errorMessage(err, 'Patient not found') }),
          );
      },
      caseHref: (patientId: string, view: CaseView) =>
        hrefWith({ tab: FOLLOW_UPS_TAB, params: new URLSearchParams() }, caseParams(patientId, view)),
      tabHref: (tab: OtherTab) => tabHref(tab),
    }),
    [],
  );
}
