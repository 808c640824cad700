import { activitiesApi } from './activities';
import { auditApi } from './audit';
import { authApi, usersApi } from './auth';
import { backupsApi } from './backups';
import { configApi } from './config';
import { dashboardApi, exportsApi } from './dashboard';
import type { Endpoint } from './endpoint';
import { goalsApi } from './goals';
import { healthApi } from './health';
import { importsApi } from './imports';
import { marketingApi } from './marketing';
import { mfaApi } from './mfa';
import { patientsApi } from './patients';
import { reportsApi } from './reports';
import { ssoApi } from './sso';
import { syncApi } from './sync';
import { worklistApi } from './worklist';

/** Every endpoint of the API, for checks that must cover each one (access, privacy). */
export const ALL_ENDPOINTS: readonly Endpoint[] = [
  ...Object.values(healthApi),
  ...Object.values(authApi),
  ...Object.values(ssoApi),
  ...Object.values(usersApi),
  ...Object.values(mfaApi),
  ...Object.values(auditApi),
  ...Object.values(configApi),
  ...Object.values(importsApi.upload),
  importsApi.cancelPreview,
  importsApi.sampleData,
  importsApi.history,
  ...Object.values(dashboardApi),
  ...Object.values(exportsApi),
  ...Object.values(patientsApi),
  ...Object.values(worklistApi),
  ...Object.values(activitiesApi),
  ...Object.values(syncApi),
  ...Object.values(goalsApi),
  ...Object.values(marketingApi),
  ...Object.values(reportsApi),
  ...Object.values(backupsApi),
];
