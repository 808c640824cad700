import type { Env } from '../platform/env';

/** The WebAuthn relying party (docs/behaviour.md section 20): APP_URL's host and origin. */
export interface RelyingParty {
  name: string;
  /** APP_URL's host name (localhost when APP_URL is unset). */
  id: string;
  /** APP_URL's origin: where the browser must have been when the passkey answered. */
  origin: string;
}

export function relyingPartyOf(env: Pick<Env, 'appUrl'>): RelyingParty {
  const url = new URL(env.appUrl);
  return { name: 'Full Arch Tracker', id: url.hostname, origin: url.origin };
}
