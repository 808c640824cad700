import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { Role } from '../../../common/roles';

export interface TabDefinition {
  value: string;
  label: string;
  /** Absent: every signed-in role sees the tab (docs/screens.md section 6). */
  roles?: readonly Role[];
  /** Each tab is its own chunk, loaded the first time it is opened. */
  component: LazyExoticComponent<ComponentType>;
}

/** The tab web/lib/navigation.ts `openPatient` opens. */
export const PATIENT_LOOKUP_TAB = 'patient-lookup';
/** The tab web/lib/navigation.ts `caseHref` leads to. */
export const FOLLOW_UPS_TAB = 'follow-ups';
/** The tab whose Open Dental card says the sync's state in full, so the shell's line is left out there. */
export const DATA_IMPORT_TAB = 'data-import';

// To replace a tab, change what web/features/<tab>/index.tsx default-exports; nothing here.
export const TABS: readonly TabDefinition[] = [
  { value: 'dashboard', label: 'Dashboard', component: lazy(() => import('../../features/dashboard')) },
  { value: FOLLOW_UPS_TAB, label: 'Follow-ups', component: lazy(() => import('../../features/follow-ups')) },
  {
    value: PATIENT_LOOKUP_TAB,
    label: 'Patient Lookup',
    component: lazy(() => import('../../features/patient-lookup')),
  },
  {
    value: DATA_IMPORT_TAB,
    label: 'Data Import',
    component: lazy(() => import('../../features/data-import')),
  },
  {
    value: 'configuration',
    label: 'Configuration',
    component: lazy(() => import('../../features/configuration')),
  },
  {
    value: 'users',
    label: 'User Management',
    roles: ['admin'],
    component: lazy(() => import('../../features/users')),
  },
];

export const tabsFor = (role: Role) => TABS.filter((tab) => !tab.roles || tab.roles.includes(role));
