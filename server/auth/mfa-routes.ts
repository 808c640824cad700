import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import { mfaApi } from '../../common/api/mfa';
import { actorOf } from '../caller/actor';
import { currentSession, currentUser } from '../caller/guard';
import { route } from '../http/route';
import { confirmTotp, mfaStatus, setupTotp, turnOffFor, turnOffTotp } from './authenticator-app';
import { placeOf } from './deps';
import { registerPasskey, registrationOptions, removePasskey, renamePasskey } from './passkeys';
import { completeWithCode, completeWithPasskey, passkeySignInOptions } from './second-step';
import { readMfaRequiredFor, saveMfaRequiredFor } from './security-setting';
import type { SignInDeps } from './sign-in';
import { endOwnSession, listOwnSessions } from './user-sessions';

/** The caller as an actor whose id is known (a guarded route's). */
const self = (req: Parameters<typeof currentUser>[0]) => ({ ...actorOf(req), id: currentUser(req).id });

export function mfaRoutes(app: FastifyInstance, deps: SignInDeps): void {
  const { db, limits } = deps;
  route(app, mfaApi.status, (req) => mfaStatus(db, currentUser(req)));
  route(app, mfaApi.totpSetup, (req) => setupTotp(deps, currentUser(req)));
  route(app, mfaApi.totpConfirm, (req) =>
    confirmTotp(deps, currentUser(req), req.body.code, req.setupTokenId, placeOf(req)),
  );
  route(app, mfaApi.turnOff, (req) =>
    turnOffTotp(deps, currentUser(req), req.body.password, req.body.code, req.ip),
  );
  route(app, mfaApi.turnOffFor, (req) => turnOffFor(deps, actorOf(req), req.params.id));
  route(app, mfaApi.passkeyOptions, (req) => registrationOptions(deps, currentUser(req)));
  // The schema checks the answer's outline; @simplewebauthn/server verifies every part of it.
  route(app, mfaApi.passkeyRegister, (req) =>
    registerPasskey(
      deps,
      currentUser(req),
      req.body.name,
      req.body.response as unknown as RegistrationResponseJSON,
      req.ip,
    ),
  );
  route(app, mfaApi.passkeyRename, (req) => renamePasskey(db, self(req), req.params.id, req.body.name));
  route(app, mfaApi.passkeyRemove, (req) => removePasskey(db, self(req), req.params.id));
  route(app, mfaApi.loginMfa, (req) =>
    completeWithCode(deps, req.body.mfa_token, req.body.code, placeOf(req)),
  );
  route(app, mfaApi.loginPasskeyOptions, (req) => passkeySignInOptions(deps, req.body.mfa_token));
  route(app, mfaApi.loginPasskey, (req) =>
    completeWithPasskey(
      deps,
      req.body.mfa_token,
      req.body.response as unknown as AuthenticationResponseJSON,
      placeOf(req),
    ),
  );
  route(app, mfaApi.sessions, (req) => listOwnSessions(db, limits, currentUser(req).id, currentSession(req)));
  route(app, mfaApi.endSession, (req) => endOwnSession(db, self(req), req.params.id));
  route(app, mfaApi.security, async () => ({
    success: true as const,
    mfa_required_for: await readMfaRequiredFor(db),
  }));
  route(app, mfaApi.setSecurity, (req) => saveMfaRequiredFor(db, actorOf(req), req.body.mfa_required_for));
}
