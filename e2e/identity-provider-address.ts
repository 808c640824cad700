/**
 * Where the browser tests' identity provider listens (e2e/identity-provider.ts), worked out from
 * E2E_PORT as the app's and the mail sink's are, so two runs on different ports never share one.
 * Loopback only.
 */
import { E2E_PORT } from './smtp-sink-address';

// Ports 3100-3999 map to 3500-4399: above every app port a run takes from 3100 up, by a fixed step.
export const IDP_PORT = E2E_PORT + 400;
export const IDP_ISSUER = `http://127.0.0.1:${IDP_PORT}`;
/**
 * The app's own address, which the provider sends the browser back to. A name, not 127.0.0.1:
 * it is also the passkeys' relying party, and WebAuthn takes a domain, never an address.
 */
export const E2E_APP_URL = `http://localhost:${E2E_PORT}`;
/** What the sign-in screen's button names. */
export const IDP_NAME = 'Lakeside Workspace';
