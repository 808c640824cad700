import type { Db } from '../db/client';
import type { Env } from '../platform/env';
import type { ResetMailer } from '../platform/reset-mailer';
import type { Tokens } from '../platform/tokens';

/** What the routes are built with (buildApp in app.ts); routes take it from here, not from app.ts. */
export interface AppDeps {
  db: Db;
  env: Env;
  tokens: Tokens;
  mailer: ResetMailer | null;
  /** Folder of the built web app to serve, if any. */
  webDist?: string;
  /** The clock sessions are judged by (ms since 1970); Date.now unless a test moves time on. */
  now?: () => number;
}
