/** The tests' identity provider's one client and named accounts (oidc-provider.ts). */
export const TEST_CLIENT = { id: 'full-arch-tracker', secret: 'test-client-secret-0123456789' };
export const IDP_ACCOUNTS = {
  verified: 'dana.sso@example.test',
  unverified: 'unverified.sso@example.test',
  noEmail: 'no-email',
} as const;
