/** Each user's own e-mail subscriptions (docs/behaviour.md section 17). */
import { eq } from 'drizzle-orm';
import { REPORT_KINDS, type ReportKind, type SubscriptionResponse } from '../../common/api/reports';
import { recordAudit } from '../audit/service';
import type { Actor } from '../caller/actor';
import type { UserRow } from '../caller/user-row';
import type { Db, Tx } from '../db/client';
import { reportSubscriptions } from '../db/schema';
import { mailNotConfigured, noEmailAddress } from './mailer';

type Switches = Record<ReportKind, boolean>;

async function readSwitches(db: Tx, userId: number): Promise<Switches> {
  const [row] = await db.orm.select().from(reportSubscriptions).where(eq(reportSubscriptions.userId, userId));
  return { monthly_report: row?.monthlyReport ?? false, daily_digest: row?.dailyDigest ?? false };
}

const answer = (user: UserRow, switches: Switches, mailConfigured: boolean): SubscriptionResponse => ({
  success: true,
  ...switches,
  email: user.email,
  mail_configured: mailConfigured,
});

export async function readSubscription(db: Tx, user: UserRow, mailConfigured: boolean) {
  return answer(user, await readSwitches(db, user.id), mailConfigured);
}

/**
 * Turns the caller's switches on or off. Turning one on needs an e-mail address on the account and
 * mail configured; its time is kept, so a period whose send time has passed waits for the next.
 */
export async function saveSubscription(
  db: Db,
  actor: Actor,
  user: UserRow,
  asked: Partial<Switches>,
  mailConfigured: boolean,
  now: Date,
): Promise<SubscriptionResponse> {
  return db.transaction(async (tx) => {
    const before = await readSwitches(tx, user.id);
    const after = { ...before, ...asked };
    const turnedOn = REPORT_KINDS.filter((k) => after[k] && !before[k]);
    if (turnedOn.length > 0 && !user.email) throw noEmailAddress();
    if (turnedOn.length > 0 && !mailConfigured) throw mailNotConfigured();
    const values = {
      monthlyReport: after.monthly_report,
      dailyDigest: after.daily_digest,
      ...(turnedOn.includes('monthly_report') && { monthlySince: now }),
      ...(turnedOn.includes('daily_digest') && { digestSince: now }),
    };
    await tx.orm
      .insert(reportSubscriptions)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: reportSubscriptions.userId, set: values });
    await recordAudit(tx, actor, 'report_subscription_changed', { before, after });
    return answer(user, after, mailConfigured);
  });
}
