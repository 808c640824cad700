/**
 * The browser tests' identity provider (server/test/oidc-provider.ts), started by
 * playwright.config.ts beside the app, which is set up to sign on through it.
 */
import { startTestIdentityProvider } from '../server/test/oidc-provider';
import { E2E_APP_URL, IDP_PORT } from './identity-provider-address';

await startTestIdentityProvider(`${E2E_APP_URL}/api/auth/oidc/callback`, IDP_PORT);
