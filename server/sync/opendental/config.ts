import type { Env } from '../../platform/env';
import { createSecretBox } from '../../platform/secret-box';
import type { SyncConfig } from './settings';

/** Where this server's sync finds its connection and its key, from the settings it started with. */
export const syncConfig = (env: Pick<Env, 'dataDir' | 'syncKey' | 'opendentalUrl'>): SyncConfig => ({
  opendentalUrl: env.opendentalUrl,
  box: createSecretBox(env.dataDir, env.syncKey),
});
