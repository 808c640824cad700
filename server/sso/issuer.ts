/**
 * The identity provider's configuration, found by OpenID Connect discovery
 * (`{issuer}/.well-known/openid-configuration`). Found once per process and kept; a failure is
 * not kept, so the next sign-in tries again, and each try is retried a few times first, as a
 * provider's brief outage should not refuse a sign-in.
 */
import type { FastifyBaseLogger } from 'fastify';
import * as client from 'openid-client';
import { isLoopbackHost, type OidcSettings } from '../platform/env';

const ATTEMPTS = 3;
const RETRY_MS = 300;
const TIMEOUT_SECONDS = 10;

export interface Issuer {
  /** The discovered configuration; throws after the retries fail. */
  configuration(): Promise<client.Configuration>;
}

export function createIssuer(settings: OidcSettings, log: FastifyBaseLogger): Issuer {
  let found: Promise<client.Configuration> | null = null;
  const url = new URL(settings.issuer);
  // Only a loopback issuer may be plain http (env.ts refuses any other); a test's own provider.
  const insecure = url.protocol === 'http:' && isLoopbackHost(url.hostname);

  async function discover(): Promise<client.Configuration> {
    let last: unknown;
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      try {
        return await client.discovery(url, settings.clientId, settings.clientSecret, undefined, {
          timeout: TIMEOUT_SECONDS,
          ...(insecure && { execute: [client.allowInsecureRequests] }),
        });
      } catch (err) {
        last = err;
        log.warn(
          `Single sign-on: discovery at ${settings.issuer} failed (try ${attempt} of ${ATTEMPTS}): ${(err as Error).message}`,
        );
        if (attempt < ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, RETRY_MS * attempt));
      }
    }
    throw last;
  }

  return {
    configuration() {
      if (!found) {
        found = discover();
        found.catch(() => {
          found = null;
        });
      }
      return found;
    },
  };
}
