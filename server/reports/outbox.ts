/**
 * The e-mails of docs/behaviour.md section 17: the monthly report and the daily digest, sent on the
 * schedule to each subscriber once (claimed in `report_sends`), and the report sent now.
 */
import type { ReportKind } from '../../common/api/reports';
import { dataThrough } from '../../common/data-through';
import { isCaseTeam, type Role } from '../../common/roles';
import { recordAudit } from '../audit/service';
import type { Actor } from '../caller/actor';
import { type DashboardDataSource, latestVersions } from '../dashboard';
import type { Db } from '../db/client';
import { heldProvider, NO_PROVIDER, providerLabel } from '../domain/figures';
import { duePeriods, lastDayOf, monthJustEnded } from '../domain/report-schedule';
import { HttpError } from '../http/errors';
import { PROCESS_HOLDER } from '../jobs/claims';
import type { ScheduledJob } from '../jobs/scheduler';
import { digestCounts, digestMail } from './daily-digest';
import {
  mailErrorReason,
  mailNotConfigured,
  noEmailAddress,
  type ReportMail,
  type ReportMailer,
} from './mailer';
import { type BuildReport, dashboardLink, monthlyMail } from './monthly';
import { claimSend, markFailed, markSent, openSend, type SendKey } from './sends';

/** An account as the e-mails need it. */
interface Account {
  id: number;
  username: string;
  email: string | null;
  role: Role;
  provider_name: string | null;
}
/** A subscriber: an account with an e-mail address. */
type Recipient = Account & { email: string };

export interface OutboxDeps {
  db: Db;
  source: DashboardDataSource;
  mailer: ReportMailer | null;
  buildReport: BuildReport;
  appUrl: string;
  /** Told of a report that could not be made (a fault, not the mail server's answer). */
  onFault?: (err: unknown) => void;
  /** The line saying the figures are behind Open Dental (a failed or overdue sync), or null. */
  syncNote?: () => Promise<string | null>;
}

const SWITCH: Record<ReportKind, { on: string; since: string }> = {
  monthly_report: { on: 's.monthly_report', since: 's.monthly_since' },
  daily_digest: { on: 's.daily_digest', since: 's.digest_since' },
};

/** A provider's e-mails are of their own figures; managers' and admins' of the whole group. */
const providerOf = (user: Recipient) => heldProvider(user, true);

/** The schedule's job; its run answers what it did (`zed daily_digest 2026-06-01 sent`), for tests and the log. */
export interface ReportJob extends ScheduledJob {
  run(now: Date): Promise<string[]>;
}

export function createOutbox(deps: OutboxDeps) {
  const { db, source, mailer } = deps;

  async function snapshot() {
    const versions = await latestVersions(db);
    return {
      data: (await source.get(versions.data)).data,
      activities: await source.caseWork(versions.activity),
    };
  }

  /** The report of the month `month`, as of its last day, for the recipient. */
  async function monthly(user: Recipient, month: string): Promise<ReportMail> {
    const asOf = lastDayOf(month);
    const provider = providerOf(user);
    const year = Number(month.slice(0, 4));
    const report = await deps.buildReport({
      provider,
      year,
      location: null,
      asOf,
      // Never in a provider's e-mail (section 19).
      marketing: isCaseTeam(user.role),
    });
    // A provider account without a provider name is held to that on the Dashboard anyway.
    const linked = provider === NO_PROVIDER ? null : provider;
    return monthlyMail(
      user.email,
      month,
      asOf,
      report,
      providerLabel(provider),
      dashboardLink(deps.appUrl, year, linked),
    );
  }

  async function compose(user: Recipient, kind: ReportKind, period: string): Promise<ReportMail> {
    if (kind === 'monthly_report') return monthly(user, period);
    const { data, activities } = await snapshot();
    return digestMail(
      user.email,
      digestCounts(data, activities, providerOf(user), user.username, period),
      deps.appUrl,
      dataThrough(data.latestProcedure, period),
      (await deps.syncNote?.()) ?? null,
    );
  }

  /** The subscribers of `kind` due for `period`, whose send no process holds now. */
  async function dueRecipients(kind: ReportKind, period: string, sendAt: Date, now: Date) {
    const { on, since } = SWITCH[kind];
    return db.query<Recipient>(
      `SELECT u.id, u.username, u.email, u.role, u.provider_name
       FROM report_subscriptions s
       JOIN users u ON u.id = s.user_id
       LEFT JOIN report_sends r ON r.user_id = u.id AND r.kind = $1 AND r.period = $2
       WHERE ${on} AND ${since} <= $3 AND u.is_active AND u.email IS NOT NULL AND u.email <> ''
         AND ${openSend('$4')}
       ORDER BY u.id`,
      [kind, period, sendAt.toISOString(), now.toISOString()],
    );
  }

  /** Sends one claimed e-mail; a failure is counted, and audited when it is the last try. */
  async function sendClaimed(user: Recipient, key: SendKey, holder: string, now: Date) {
    const actor: Actor = { id: user.id, username: user.username };
    const detail = { kind: key.kind, period: key.period };
    let mail: ReportMail;
    try {
      mail = await compose(user, key.kind, key.period);
    } catch (err) {
      deps.onFault?.(err);
      return fail(key, holder, now, actor, detail, 'The report could not be made: see the server log');
    }
    try {
      await mailer?.send(mail);
    } catch (err) {
      return fail(key, holder, now, actor, detail, mailErrorReason(err));
    }
    await db.transaction(async (tx) => {
      await markSent(tx, key, holder, now);
      await recordAudit(tx, actor, 'report_sent', detail);
    });
    return 'sent' as const;
  }

  async function fail(key: SendKey, holder: string, now: Date, actor: Actor, detail: object, reason: string) {
    return db.transaction(async (tx) => {
      const counted = await markFailed(tx, key, holder, now, reason);
      if (counted?.gaveUp)
        await recordAudit(tx, actor, 'report_failed', { ...detail, attempts: counted.attempts, reason });
      return counted?.gaveUp ? ('failed' as const) : ('retry' as const);
    });
  }

  /**
   * The schedule's job: each period due at `now` is sent to each of its subscribers whose send this
   * process claims. `holder` names the claimer; tests give two "processes" their own.
   */
  function job(holder: string = PROCESS_HOLDER): ReportJob {
    return {
      name: 'report-mail',
      async run(now) {
        const done: string[] = [];
        if (!mailer) return done;
        for (const due of duePeriods(now)) {
          for (const user of await dueRecipients(due.kind, due.period, due.sendAt, now)) {
            const key = { userId: user.id, kind: due.kind, period: due.period };
            if (!(await claimSend(db, key, holder, now))) continue;
            done.push(
              `${user.username} ${due.kind} ${due.period} ${await sendClaimed(user, key, holder, now)}`,
            );
          }
        }
        return done;
      },
    };
  }

  /**
   * The monthly report of the month just ended, sent to the caller at once, outside the schedule:
   * no claim, and the period's scheduled e-mail still goes out.
   */
  async function sendNow(actor: Actor, user: Account, now: Date) {
    const { email } = user;
    if (!email) throw noEmailAddress();
    if (!mailer) throw mailNotConfigured();
    const month = monthJustEnded(now);
    const mail = await monthly({ ...user, email }, month);
    try {
      await mailer.send(mail);
    } catch (err) {
      throw new HttpError(502, mailErrorReason(err), { code: 'mail_failed' });
    }
    await recordAudit(db, actor, 'report_sent', { kind: 'monthly_report', period: month, now: true });
    return { success: true as const, sent_to: email };
  }

  return { job, sendNow };
}
export type Outbox = ReturnType<typeof createOutbox>;
