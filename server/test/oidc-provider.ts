/**
 * A real OpenID Connect identity provider for the single sign-on tests (oidc-provider, the
 * certified implementation), on a loopback port: one client (authorization code, PKCE required,
 * client_secret_post) and its development sign-in page, where any login name is taken and becomes
 * the account. The accounts:
 * - VERIFIED: an e-mail address a test gives a product user, verified;
 * - UNVERIFIED: an address the provider has not verified (`email_verified: false`);
 * - NO_EMAIL: an account with no e-mail address;
 * - any other name with an @: an unknown address, verified.
 * Consent is taken as given (no consent page), as a workplace's provider does for its own apps.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { IDP_ACCOUNTS, TEST_CLIENT } from './oidc-accounts';

export { IDP_ACCOUNTS, TEST_CLIENT };

function claimsOf(id: string): Record<string, unknown> {
  if (id === IDP_ACCOUNTS.noEmail) return { sub: id };
  return { sub: id, email: id, email_verified: id !== IDP_ACCOUNTS.unverified };
}

export interface TestIdentityProvider {
  issuer: string;
  close(): Promise<void>;
}

/** Starts the provider; `port` 0 takes a free one. `redirectUri`: the app's callback address. */
export async function startTestIdentityProvider(
  redirectUri: string,
  port = 0,
): Promise<TestIdentityProvider> {
  let handle: RequestListener | null = null;
  const server: Server = createServer((req, res) => handle?.(req, res));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider: Provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT.id,
        client_secret: TEST_CLIENT.secret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true, methods: ['S256'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    // The e-mail claims in the ID token itself, as Google and Microsoft Entra send them.
    conformIdTokenClaims: false,
    async findAccount(_ctx, id) {
      return { accountId: id, claims: async () => claimsOf(id) };
    },
    async loadExistingGrant(ctx) {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['test-identity-provider-cookie-key'] },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600 },
  });
  handle = provider.callback();
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
