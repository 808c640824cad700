import { eq, lt } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { ssoFlows, ssoTickets } from '../db/schema';
import { newOneTimeToken, tokenHash } from '../platform/one-time-token';

/** How long the identity provider's pages may take: the state is refused after this. */
export const FLOW_TTL_MS = 10 * 60_000;
/** The browser comes straight from the callback to the sign-in screen with its ticket. */
export const TICKET_TTL_MS = 2 * 60_000;

export interface Flow {
  codeVerifier: string;
  nonce: string;
}

export type Refusal = { status: 401 | 403 | 502; code: SsoRefusalCode; message: string };
export type SsoRefusalCode =
  | 'sso_state_invalid'
  | 'sso_failed'
  | 'sso_unavailable'
  | 'sso_no_email'
  | 'sso_email_unverified'
  | 'sso_no_account';

/** The outcome a ticket holds: the user to sign in, or why not. */
export type Outcome = { userId: number } | { refusal: Refusal };

/** Drops what has expired; done at each start rather than by a timer in every process. */
export async function pruneExpired(db: Tx, now: number): Promise<void> {
  await db.orm.delete(ssoFlows).where(lt(ssoFlows.expiresAt, new Date(now)));
  await db.orm.delete(ssoTickets).where(lt(ssoTickets.expiresAt, new Date(now)));
}

export async function saveFlow(db: Tx, state: string, flow: Flow, now: number): Promise<void> {
  await db.orm.insert(ssoFlows).values({
    stateHash: tokenHash(state),
    codeVerifier: flow.codeVerifier,
    nonce: flow.nonce,
    expiresAt: new Date(now + FLOW_TTL_MS),
  });
}

/** The flow `state` names, taken so it cannot be used again; null when unknown, used or expired. */
export async function takeFlow(db: Tx, state: string, now: number): Promise<Flow | null> {
  const [row] = await db.orm
    .delete(ssoFlows)
    .where(eq(ssoFlows.stateHash, tokenHash(state)))
    .returning({ codeVerifier: ssoFlows.codeVerifier, nonce: ssoFlows.nonce, expiresAt: ssoFlows.expiresAt });
  if (!row || row.expiresAt.getTime() <= now) return null;
  return { codeVerifier: row.codeVerifier, nonce: row.nonce };
}

/** Keeps an outcome under a new ticket and returns the ticket; only its hash is stored. */
export async function saveTicket(db: Tx, outcome: Outcome, now: number): Promise<string> {
  const ticket = newOneTimeToken();
  await db.orm.insert(ssoTickets).values({
    ticketHash: tokenHash(ticket),
    userId: 'userId' in outcome ? outcome.userId : null,
    refusal: 'refusal' in outcome ? outcome.refusal : null,
    expiresAt: new Date(now + TICKET_TTL_MS),
  });
  return ticket;
}

/** The ticket's outcome, taken so it cannot be used again; null when unknown, used or expired. */
export async function takeTicket(db: Tx, ticket: string, now: number): Promise<Outcome | null> {
  const [row] = await db.orm
    .delete(ssoTickets)
    .where(eq(ssoTickets.ticketHash, tokenHash(ticket)))
    .returning({ userId: ssoTickets.userId, refusal: ssoTickets.refusal, expiresAt: ssoTickets.expiresAt });
  if (!row || row.expiresAt.getTime() <= now) return null;
  if (row.refusal) return { refusal: row.refusal as Refusal };
  // A ticket's user deleted since is cascaded away with its row, so a row has one or the other.
  return row.userId === null ? null : { userId: row.userId };
}
