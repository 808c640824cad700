import type { FastifyRequest } from 'fastify';
import { type SignInPlace, sessionLimits } from '../caller/sessions';
import type { AppDeps } from '../http/deps';
import { createSecretBox } from '../platform/secret-box';
import { relyingPartyOf } from './relying-party';
import type { SignInDeps } from './sign-in';

/** What the sign-in services are built with, from the app's deps. */
export const signInDeps = ({
  db,
  tokens,
  env,
  now,
}: Pick<AppDeps, 'db' | 'tokens' | 'env' | 'now'>): SignInDeps => ({
  db,
  tokens,
  limits: sessionLimits(env, now),
  // The same key as the Open Dental password's, a different purpose bound into each value.
  box: createSecretBox(env.dataDir, env.syncKey, 'totp-secret'),
  relyingParty: relyingPartyOf(env),
});

/** Where a request comes from, kept with the session it opens. */
export const placeOf = (req: FastifyRequest): SignInPlace => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'] ?? null,
});
