/**
 * The e-mails of docs/behaviour.md section 17 through a real SMTP server on a loopback port: who
 * gets what, once, retried, and in their window. The scheduler's clock is handed in: tests move time.
 */
import { createDashboardData } from '../dashboard/data';
import { openPostgres } from '../db/client';
import { REPORT } from '../test/case-work';
import { bearer, createTestContext, type TestContext } from '../test/harness';
import { pdfText } from '../test/pdf-text';
import { startSmtp, type TestSmtp } from '../test/smtp';
import { upload } from '../test/upload';
import { createReportMailer } from './mailer';
import { createOutbox } from './outbox';
import { createReportBuilder } from './report-builder';

let t: TestContext;
let smtp: TestSmtp;
let admin: string;

// 2026-06-01 is a Monday; as of that day Ben Bell, Cat Cruz and Dot Dunn are due (test/case-work.ts).
const at = (y: number, m: number, d: number, h = 0, min = 0, s = 0) => new Date(y, m - 1, d, h, min, s);
const MONDAY_7 = at(2026, 6, 1, 7);
const PATIENTS = ['Ann Able', 'Ben Bell', 'Cat Cruz', 'Dot Dunn'];

const subscribe = async (username: string, password: string, body: object) => {
  const token = await t.login(username, password);
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/reports/subscription',
    headers: bearer(token),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
};
/** Subscribed long before the periods the tests send: the test clock runs in 2026, not today. */
const subscribedInJanuary = () =>
  t.db.query(`UPDATE report_subscriptions SET monthly_since = '2026-01-01', digest_since = '2026-01-01'`);
const sent = () => smtp.received.map((m) => `${(m.to as { text: string }).text}: ${m.subject}`);
const audits = (action: string) =>
  t.db.query<{ username: string; detail: Record<string, unknown> }>(
    'SELECT username, detail FROM audit_log WHERE action = $1 ORDER BY id',
    [action],
  );
const reset = async () => {
  smtp.received.length = 0;
  smtp.refuse(0);
  await t.db.query('DELETE FROM report_sends');
  await t.db.query(`DELETE FROM audit_log WHERE action IN ('report_sent', 'report_failed')`);
};

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestContext({ SMTP_URL: smtp.url, APP_URL: 'https://tracker.example.com' });
  admin = await t.login('admin', 'admin-pass');
  expect((await upload(t, admin, 'raw-data', 'report.csv', REPORT)).statusCode).toBe(200);
  await t.createUser('zed', 'manager', 'zed-pass', 'zed@example.com');
  await t.createUser('amy', 'provider', 'amy-pass', 'amy@example.com');
  await t.db.query(`UPDATE users SET provider_name = 'Dr Adams' WHERE username = 'amy'`);
  await t.createUser('nomail', 'manager', 'nomail-pass');
  // Cat Cruz is assigned to zed.
  const assigned = await t.app.inject({
    method: 'POST',
    url: '/api/patient/activity',
    headers: bearer(admin),
    payload: { patient_name: 'Cat Cruz', kind: 'assign', assigned_to: 'zed', date: '2026-05-20' },
  });
  expect(assigned.statusCode, assigned.body).toBe(201);
  await subscribe('zed', 'zed-pass', { daily_digest: true });
  await subscribe('amy', 'amy-pass', { daily_digest: true });
  await subscribedInJanuary();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(reset);

describe('the daily digest', () => {
  it('tells each subscriber how many follow-ups are due, theirs and nobody’s, naming no patient', async () => {
    await t.app.outbox.job('one').run(MONDAY_7);
    expect(sent().sort()).toEqual([
      'amy@example.com: 1 follow-up due today',
      'zed@example.com: 3 follow-ups due today',
    ]);
    const zed = smtp.received.find((m) => m.subject?.startsWith('3'));
    expect(zed?.text).toContain('Assigned to you: 1');
    expect(zed?.text).toContain('Assigned to nobody: 2');
    // The data runs to Cat Cruz's 5/10 (test/case-work.ts), not to the day the digest is sent.
    for (const m of smtp.received) expect(m.text).toContain('\nData through 05/10/2026.\n');
    expect(zed?.text).toContain('https://tracker.example.com/follow-ups');
    for (const m of smtp.received) {
      for (const name of PATIENTS) expect(`${m.subject} ${m.text} ${m.html}`).not.toContain(name);
    }
    expect((await audits('report_sent')).map((a) => [a.username, a.detail])).toEqual([
      ['zed', { kind: 'daily_digest', period: '2026-06-01' }],
      ['amy', { kind: 'daily_digest', period: '2026-06-01' }],
    ]);
  });

  it('is sent once a day however often the clock ticks, and not at weekends or before 07:00', async () => {
    await t.app.outbox.job('one').run(at(2026, 6, 1, 6, 59));
    expect(sent()).toEqual([]);
    for (const minute of [0, 1, 20, 59]) await t.app.outbox.job('one').run(at(2026, 6, 1, 7, minute));
    await t.app.outbox.job('two').run(at(2026, 6, 1, 18));
    expect(sent()).toHaveLength(2);
    await t.app.outbox.job('one').run(at(2026, 6, 6, 9));
    expect(sent()).toHaveLength(2);
  });

  it('starts with the next period for a switch turned on after the send time', async () => {
    await t.db.query(`UPDATE report_subscriptions SET digest_since = $1`, [
      at(2026, 6, 1, 7, 30).toISOString(),
    ]);
    await t.app.outbox.job('one').run(at(2026, 6, 1, 8));
    expect(sent()).toEqual([]);
    await t.app.outbox.job('one').run(at(2026, 6, 2, 7));
    expect(sent()).toHaveLength(2);
    await subscribedInJanuary();
  });
});

describe('exactly once', () => {
  it('sends one e-mail per subscriber when two processes tick at the same moment', async () => {
    await Promise.all([t.app.outbox.job('a').run(MONDAY_7), t.app.outbox.job('b').run(MONDAY_7)]);
    expect(sent()).toHaveLength(2);
    expect(await audits('report_sent')).toHaveLength(2);
  });

  it('is taken over by another process when the one that claimed it died before sending', async () => {
    const [zed] = await t.db.query<{ id: number }>(`SELECT id FROM users WHERE username = 'zed'`);
    // Process A claims zed's digest, then is killed.
    const { claimSend } = await import('./sends');
    expect(
      await claimSend(t.db, { userId: zed.id, kind: 'daily_digest', period: '2026-06-01' }, 'a', MONDAY_7),
    ).toBe(true);
    // B, a minute later: A's lease still holds; amy's digest goes.
    await t.app.outbox.job('b').run(at(2026, 6, 1, 7, 1));
    expect(sent()).toEqual(['amy@example.com: 1 follow-up due today']);
    await t.app.outbox.job('b').run(at(2026, 6, 1, 7, 9));
    expect(sent()).toHaveLength(1);
    // Once the lease (10 minutes) has run out, B sends zed's: not lost, and not twice.
    await t.app.outbox.job('b').run(at(2026, 6, 1, 7, 10));
    await t.app.outbox.job('b').run(at(2026, 6, 1, 7, 11));
    expect(sent().sort()).toEqual([
      'amy@example.com: 1 follow-up due today',
      'zed@example.com: 3 follow-ups due today',
    ]);
  });
});

// Two app processes on one PostgreSQL server share nothing but the database: a second outbox on a
// connection pool of its own, with its own dashboard data, ticking at the same moment.
describe.runIf(process.env.TEST_DATABASE_URL)('two processes on one PostgreSQL server', () => {
  it('send each subscriber one report and one digest between them, at 07:00 on the 1st', async () => {
    const other = await openPostgres(t.url as string);
    await t.db.query('UPDATE report_subscriptions SET monthly_report = true');
    try {
      const second = createOutbox({
        db: other,
        source: createDashboardData(other),
        mailer: createReportMailer(smtp.url, 'Full Arch Tracker <tracker@example.com>'),
        buildReport: createReportBuilder(createDashboardData(other), other),
        appUrl: 'https://tracker.example.com',
      });
      // Both tick at each moment; the moments follow one another.
      const done: string[] = [];
      for (const minute of [0, 0, 1, 2]) {
        const now = at(2026, 6, 1, 7, minute);
        const both = await Promise.all([t.app.outbox.job('first').run(now), second.job('second').run(now)]);
        done.push(...both.flat());
      }
      expect(done.sort()).toEqual([
        'amy daily_digest 2026-06-01 sent',
        'amy monthly_report 2026-05 sent',
        'zed daily_digest 2026-06-01 sent',
        'zed monthly_report 2026-05 sent',
      ]);
      expect(sent()).toHaveLength(4);
    } finally {
      await t.db.query('UPDATE report_subscriptions SET monthly_report = false');
      await other.close();
    }
  });
});

describe('a mail server that refuses', () => {
  it('is tried each minute, and sends once it accepts', async () => {
    smtp.refuse(4);
    for (let minute = 0; minute <= 5; minute++) await t.app.outbox.job('one').run(at(2026, 6, 1, 7, minute));
    // 4 refusals over the two subscribers' first tries and retries, then both delivered.
    expect(sent()).toHaveLength(2);
    expect(await audits('report_failed')).toEqual([]);
  });

  it('is given up after 5 tries, with one failure audited', async () => {
    smtp.refuse(1000);
    for (let minute = 0; minute <= 10; minute++)
      await t.app.outbox.job('one').run(at(2026, 6, 1, 7, minute, 30));
    expect(sent()).toEqual([]);
    const failed = await audits('report_failed');
    expect(failed.map((a) => a.username).sort()).toEqual(['amy', 'zed']);
    expect(failed[0].detail).toMatchObject({ kind: 'daily_digest', period: '2026-06-01', attempts: 5 });
    expect(String(failed[0].detail.reason)).toMatch(/^The mail server refused the message: 550/);
    const tries = await t.db.query<{ attempts: number }>(`SELECT attempts FROM report_sends`);
    expect(tries.map((r) => r.attempts)).toEqual([5, 5]);
  });
});

describe('the monthly report', () => {
  const reports = () => smtp.received.filter((m) => m.subject?.startsWith('Full Arch Tracker: report'));
  beforeAll(async () => {
    await t.db.query(
      `UPDATE report_subscriptions SET monthly_report = true
       WHERE user_id IN (SELECT id FROM users WHERE username IN ('zed', 'amy'))`,
    );
  });
  afterAll(async () => {
    await t.db.query('UPDATE report_subscriptions SET monthly_report = false');
  });

  it('sends each subscriber the month just ended, the PDF attached and readable, naming no patient', async () => {
    await t.app.outbox.job('one').run(at(2026, 6, 1, 7, 5));
    expect(
      reports()
        .map((m) => `${(m.to as { text: string }).text}: ${m.subject}`)
        .sort(),
    ).toEqual([
      'amy@example.com: Full Arch Tracker: report for May 2026',
      'zed@example.com: Full Arch Tracker: report for May 2026',
    ]);
    const zed = reports().find((m) => (m.to as { text: string }).text === 'zed@example.com');
    expect(zed?.attachments).toHaveLength(1);
    const [pdf] = zed?.attachments ?? [];
    expect(pdf.filename).toBe('full-arch-report-2026-05-31.pdf');
    expect(pdf.contentType).toBe('application/pdf');
    const text = pdfText(pdf.content);
    for (const label of [
      'Consults YTD',
      'Consults Won',
      'Win Rate',
      'Arch Case Value',
      'Future Scheduled Value',
      'Pending Finance Value',
    ])
      expect(zed?.text).toContain(`${label}: `);
    expect(text).toContain('Consults YTD');
    // The data stops on 5/10, before the month's end: the e-mail and the PDF say so, and last
    // year is counted through May 10, not through the report's May 31.
    expect(zed?.text).toContain('\nData through 05/10/2026.\n');
    expect(zed?.text).toMatch(/\nConsults YTD: \d+ \(Jan 1-May 10, 2025: 0 \(\+\d+\)\)\n/);
    expect(text).toContain('Data through 05/10/2026');
    expect(text).toContain('Jan 1-May 10, 2025: 0');
    for (const m of reports())
      for (const name of PATIENTS) {
        expect(`${m.subject} ${m.text} ${m.html}`).not.toContain(name);
        expect(pdfText(m.attachments[0].content)).not.toContain(name);
      }
    // A provider's report is of their own figures; a manager's of the whole group.
    const amy = reports().find((m) => (m.to as { text: string }).text === 'amy@example.com');
    expect(amy?.text).toContain('(Dr Adams)');
    expect(zed?.text).toContain('(All Providers)');
    // The marketing return is a manager's, never in a provider's e-mail (section 19).
    expect(text).toContain('Marketing return');
    expect(amy?.attachments).toHaveLength(1);
    expect(pdfText(amy?.attachments[0].content ?? Buffer.alloc(0))).not.toContain('Marketing return');
    // Each links to the same figures on the Dashboard, at APP_URL.
    expect(zed?.text).toContain('Open the Dashboard: https://tracker.example.com/dashboard?year=2026\n');
    expect(amy?.text).toContain(
      'Open the Dashboard: https://tracker.example.com/dashboard?year=2026&provider=Dr+Adams\n',
    );
    expect((await audits('report_sent')).map((a) => a.detail)).toContainEqual({
      kind: 'monthly_report',
      period: '2026-05',
    });
  });

  it('is sent on the 2nd when the server was down over the 1st, and not on the 4th', async () => {
    await t.app.outbox.job('one').run(at(2026, 6, 2, 9, 30));
    expect(reports()).toHaveLength(2);
    await reset();
    await t.app.outbox.job('one').run(at(2026, 6, 4, 9, 30));
    expect(reports()).toEqual([]);
  });
});

describe('send now', () => {
  const sendNow = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/reports/send-now', headers: bearer(token) });

  it('mails a manager the month just ended at once, outside the schedule', async () => {
    const res = await sendNow(await t.login('zed', 'zed-pass'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, sent_to: 'zed@example.com' });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].subject).toMatch(/^Full Arch Tracker: report for [A-Z][a-z]+ \d{4}$/);
    expect(smtp.received[0].attachments[0].content.subarray(0, 5).toString()).toBe('%PDF-');
    const [audit] = await audits('report_sent');
    expect(audit.detail).toMatchObject({ kind: 'monthly_report', now: true });
    // Not the period's e-mail: nothing is claimed.
    expect(await t.db.query('SELECT 1 FROM report_sends')).toEqual([]);
  });

  it('is 403 for a provider, 400 without an e-mail address, 502 with the mail server’s reason', async () => {
    const provider = await sendNow(await t.login('amy', 'amy-pass'));
    expect(provider.statusCode).toBe(403);
    expect(provider.json().error).toBe('Only coordinators, managers and admins can send the report now');
    const noMail = await sendNow(await t.login('nomail', 'nomail-pass'));
    expect(noMail.statusCode).toBe(400);
    expect(noMail.json().error).toBe('Ask an administrator to add an email address to your account');
    smtp.refuse(1);
    const refused = await sendNow(await t.login('zed', 'zed-pass'));
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error).toMatch(/^The mail server refused the message: 550/);
    expect(smtp.received).toEqual([]);
  });
});
