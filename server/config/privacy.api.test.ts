/**
 * "Providers see their own" (docs/behaviour.md section 14), over every endpoint of the API: each is
 * either provider data, checked below for a provider held to their own, or listed with the reason
 * it is not. A new endpoint fails the first test until it is put in one list or the other.
 */
import { ALL_ENDPOINTS } from '../../common/api';
import { type Endpoint, fillPath, queryString } from '../../common/api/endpoint';
import { ADMIN_PASSWORD, bearer, createTestContext, type TestContext } from '../test/harness';
import { pdfTextUnstamped } from '../test/pdf-text';
import { readBack } from '../test/read-back';
import { upload } from '../test/upload';

const OWN = 'Dr Adams';
const OTHER = 'Dr Baker';

/*
 * Dr Adams's patients: Ann (won), Ben (accepted, awaiting surgery), Sam (a later procedure of his,
 * though Dr Baker saw the consult, so the scoresheet gives Sam to Dr Baker), Eve (an appointment)
 * and Gil (a cancelled appointment only). Dr Baker's: Cat (pending finance), Dot (won), Sam, Fay
 * and Hal (appointments). Every surname holds "son", so one search finds them all.
 */
const REPORT = `Patient,Date,Proc Code,Provider,Location
Ann Adamson,1/5/2026,D0150,Dr Adams,Main Street
Ann Adamson,1/10/2026,FA-ACC-MAX,Dr Adams,Main Street
Ann Adamson,1/20/2026,D6119,Dr Adams,Main Street
Ben Benson,3/1/2026,D0150,Dr Adams,Main Street
Ben Benson,3/1/2026,FA-PRES-MAX,Dr Adams,Main Street
Ben Benson,4/1/2026,FA-ACC-MAX,Dr Adams,Main Street
Cat Carlson,5/1/2026,D0150,Dr Baker,Lakeside
Cat Carlson,5/1/2026,FA-PRES-MAX,Dr Baker,Lakeside
Cat Carlson,5/10/2026,FA-PF-MAX,Dr Baker,Lakeside
Dot Dawson,2/1/2026,D0150,Dr Baker,Lakeside
Dot Dawson,2/2/2026,FA-PRES-MAX,Dr Baker,Lakeside
Dot Dawson,3/3/2026,FA-ACC-MAND,Dr Baker,Lakeside
Dot Dawson,3/20/2026,D6118,Dr Baker,Lakeside
Sam Samson,2/10/2026,D0150,Dr Baker,Lakeside
Sam Samson,2/20/2026,FA-PRES-MAX,Dr Adams,Main Street
`;
const FUTURE = `Patient,Appt Date,Code,Provider,Status
Eve Evanson,7/1/2026,D6119,Dr Adams,Scheduled
Eve Evanson,7/1/2026,D0150,Dr Adams,Scheduled
Gil Gibson,9/1/2026,D0150,Dr Adams,Cancelled
Fay Ferguson,8/1/2026,D6119,Dr Baker,Scheduled
Hal Hanson,7/15/2026,D0150,Dr Baker,Scheduled
Dot Dawson,6/15/2026,D0150,Dr Baker,Scheduled
`;
const ADAMS_PATIENTS = ['Ann Adamson', 'Ben Benson', 'Eve Evanson', 'Gil Gibson', 'Sam Samson'];
const EVERYONE = 9;

let t: TestContext;
let admin: string;
let manager: string;
let held: string;
let heldId: number;
let nameless: string;

type Query = Record<string, string | undefined>;
/** What a call shows: the JSON answer with its status, every cell of a workbook, or a PDF's text. */
type Shown = { status: number; body: unknown };

const keyOf = (e: Pick<Endpoint, 'method' | 'path'>) => `${e.method} ${e.path}`;
const endpointOf = (key: string) => {
  const e = ALL_ENDPOINTS.find((x) => keyOf(x) === key);
  if (!e) throw new Error(`no endpoint ${key}`);
  return e;
};

/** Every sheet's cells as plain values; the time a file was made is left out. */
async function workbookCells(bytes: Buffer): Promise<{ name: string; rows: unknown[] }[]> {
  const book = await readBack(bytes);
  return book.worksheets.map((ws) => {
    const rows: unknown[] = [];
    ws.eachRow((row) => {
      const values = (row.values as unknown[]).slice(1);
      rows.push(values.map((v) => (typeof v === 'string' && v.startsWith('Generated ') ? 'Generated' : v)));
    });
    return { name: ws.name, rows: JSON.parse(JSON.stringify(rows)) };
  });
}

/**
 * The marketing return is no provider's figure: only managers, coordinators and admins get its
 * workbook sheet and report section (server/marketing/return.api.test.ts checks a provider never
 * does), so the files are compared without them.
 */
const MARKETING_SECTION = /\nMarketing return\n[\s\S]*?(?=\nConfidential: this report)/;
const withoutMarketing = <S extends { name: string }>(sheets: S[]) =>
  sheets.filter((s) => s.name !== 'Marketing');

async function show(token: string, key: string, params: object | undefined, query: Query): Promise<Shown> {
  const e = endpointOf(key);
  const res = await t.app.inject({
    method: 'GET',
    url: fillPath(e.path, params) + queryString(query),
    headers: bearer(token),
  });
  if (e.response === 'file') {
    expect(res.statusCode, `${key} ${res.body}`).toBe(200);
    // The PDF report by its text; a workbook by its cells.
    if (res.headers['content-type'] === 'application/pdf')
      return { status: 200, body: pdfTextUnstamped(res.rawPayload).replace(MARKETING_SECTION, '') };
    return { status: 200, body: withoutMarketing(await workbookCells(res.rawPayload)) };
  }
  return { status: res.statusCode, body: res.json() };
}

const setOwnOnly = async (on: boolean, token = admin) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/config/privacy',
    payload: { providers_see_own_only: on },
    headers: bearer(token),
  });

interface Case {
  params?: Record<string, string>;
  query?: Query;
  /**
   * What Dr Adams, held to his own, must be shown, from the admin's view with `admin(query)`.
   * By default: the admin's answer to the same call with provider = Dr Adams.
   */
  own?: (admin: (query: Query) => Promise<Shown>) => Promise<Shown>;
}

const YEAR = { year: '2026' };
const WORKLIST = { as_of: '2026-06-01', include_scheduled: 'true' };

/** The scoresheet workbook's rows of one provider, under its title rows and header. */
function sheetRowsOf(shown: Shown, provider: string): Shown {
  const [sheet] = shown.body as { name: string; rows: unknown[][] }[];
  const header = sheet.rows[0];
  const column = header.indexOf('Provider');
  const rows = [header, ...sheet.rows.slice(1).filter((r) => r[column] === provider)];
  return { status: 200, body: [{ ...sheet, rows }] };
}

/** Endpoints that answer patients or figures drawn from them, with how to call each. */
const PROVIDER_DATA: Record<string, Case> = {
  'GET /api/dashboard/providers': {
    query: YEAR,
    own: async (admin) => {
      const all = await admin({});
      return { ...all, body: { ...(all.body as object), providers: [OWN] } };
    },
  },
  'GET /api/dashboard/consult-overview': { query: YEAR },
  'GET /api/dashboard/consult-details/:type': { params: { type: 'consults_won' }, query: YEAR },
  'GET /api/dashboard/arch-cases-by-month': { query: YEAR },
  'GET /api/dashboard/arch-case-details/:month': { params: { month: '2026' }, query: YEAR },
  'GET /api/dashboard/future-case-value': {},
  'GET /api/dashboard/future-case-details/:month': { params: { month: 'all' } },
  'GET /api/dashboard/pending-finance-details': {},
  'GET /api/dashboard/summary': { query: YEAR },
  'GET /api/dashboard/pipeline': { query: YEAR },
  'GET /api/dashboard/trends': { query: YEAR },
  'GET /api/dashboard/goals': { query: YEAR },
  'GET /api/config/goals': {
    query: YEAR,
    own: async (admin) => {
      const all = await admin({});
      const body = all.body as { goals: { provider: string }[] };
      return { ...all, body: { ...body, goals: body.goals.filter((g) => g.provider === OWN) } };
    },
  },
  'GET /api/export/details/consults/:type': { params: { type: 'consults_won' }, query: YEAR },
  'GET /api/export/details/arch-cases/:month': { params: { month: '2026' }, query: YEAR },
  'GET /api/export/details/future-cases/:month': { params: { month: 'all' } },
  'GET /api/export/details/pending-finance': {},
  'GET /api/export/dashboard': { query: YEAR },
  'GET /api/export/report': { query: YEAR },
  'GET /api/worklist': { query: WORKLIST },
  'GET /api/export/worklist': { query: WORKLIST },
  'GET /api/scoresheet': {
    own: async (admin) => {
      const all = await admin({});
      const body = all.body as { scoresheet: { provider: string }[] };
      return { ...all, body: { ...body, scoresheet: body.scoresheet.filter((r) => r.provider === OWN) } };
    },
  },
  'GET /api/export/scoresheet': { own: async (admin) => sheetRowsOf(await admin({}), OWN) },
  'GET /api/patient/search': {
    query: { q: 'son' },
    own: async () => ({ status: 200, body: { success: true, patients: ADAMS_PATIENTS, total: 5 } }),
  },
  'GET /api/patient/lookup': {
    query: { name: 'Cat Carlson' },
    own: async () => ({
      status: 404,
      body: { success: false, error: 'Patient not found', code: 'patient_not_found' },
    }),
  },
  'GET /api/patient/activity': {
    query: { name: 'Cat Carlson' },
    own: async () => ({
      status: 404,
      body: { success: false, error: 'Patient not found', code: 'patient_not_found' },
    }),
  },
};

/** Endpoints that show no patient and no figure drawn from patients, and why. */
const NOT_PROVIDER_DATA: Record<string, string> = {
  'GET /api/health': 'the server is up; for an admin, the data folder size',
  'POST /api/auth/login': 'signs in',
  'GET /api/auth/verify-token': 'the caller’s own account',
  'POST /api/auth/request-password-reset': 'mails a reset link',
  'POST /api/auth/reset-password': 'sets a password',
  'POST /api/auth/change-password': 'the caller’s own password',
  'GET /api/auth/session': 'the automatic logoff setting',
  'POST /api/auth/logout': 'ends the caller’s own session',
  'GET /api/auth/oidc': 'public: whether single sign-on is offered, and its name',
  'GET /api/auth/oidc/start': 'public: a redirect to the identity provider',
  'GET /api/auth/oidc/callback': 'public: a redirect back to the sign-in screen with a ticket',
  'POST /api/auth/oidc/complete': 'public: signs in with a single sign-on ticket',
  'GET /api/auth/users': 'admins only; accounts, not patients',
  'POST /api/auth/register': 'admins only',
  'PUT /api/auth/users/:id': 'admins only',
  'DELETE /api/auth/users/:id': 'admins only',
  'GET /api/auth/mfa': 'the caller’s own second factor: on or off, passkey names, codes left',
  'POST /api/auth/mfa/totp/setup': 'the caller’s own new authenticator secret',
  'POST /api/auth/mfa/totp/confirm': 'the caller’s own recovery codes',
  'DELETE /api/auth/mfa': 'turns the caller’s own authenticator app off',
  'DELETE /api/auth/users/:id/mfa': 'admins only',
  'POST /api/auth/mfa/passkey/options': 'WebAuthn options for the caller’s own new passkey',
  'POST /api/auth/mfa/passkey/register': 'stores the caller’s own passkey',
  'PUT /api/auth/mfa/passkeys/:id': 'renames the caller’s own passkey',
  'DELETE /api/auth/mfa/passkeys/:id': 'removes the caller’s own passkey',
  'POST /api/auth/login/mfa': 'signs in (the second step)',
  'POST /api/auth/login/passkey/options': 'WebAuthn options for a sign-in',
  'POST /api/auth/login/passkey': 'signs in with a passkey',
  'GET /api/auth/sessions': 'the caller’s own sessions',
  'DELETE /api/auth/sessions/:id': 'ends one of the caller’s own sessions',
  'GET /api/config/security': 'admins only',
  'PUT /api/config/security': 'admins only',
  'GET /api/admin/backups': 'admins only',
  'POST /api/admin/backups': 'admins only',
  'GET /api/audit': 'admins only',
  'GET /api/audit/export': 'admins only',
  'GET /api/config/code-mappings': 'procedure codes, the same for everyone',
  'POST /api/config/code-mappings': 'managers and admins only',
  'PUT /api/config/code-mappings/:proc_code': 'managers and admins only',
  'DELETE /api/config/code-mappings/:proc_code': 'managers and admins only',
  'GET /api/config/mapping-values': 'procedure statuses and their values, no patient',
  'POST /api/initialize': 'managers and admins only',
  'GET /api/config/privacy': 'the setting itself',
  'PUT /api/config/privacy': 'admins only',
  'PUT /api/config/goals': 'managers and admins only',
  'GET /api/config/marketing-spend': 'managers, coordinators and admins only; money per source, no patient',
  'PUT /api/config/marketing-spend': 'managers and admins only',
  'GET /api/dashboard/marketing': 'managers, coordinators and admins only (server/marketing tests)',
  'GET /api/reports/subscription': 'the caller’s own switches and e-mail address',
  'PUT /api/reports/subscription': 'the caller’s own switches',
  'POST /api/reports/send-now': 'managers and admins only; mails the caller the group’s report',
  'POST /api/import/raw-data': 'managers and admins only',
  'POST /api/import/future-scheduled': 'managers and admins only',
  'POST /api/import/ignore-list': 'managers and admins only',
  'POST /api/import/leads': 'managers and admins only',
  'POST /api/import/sample-data': 'managers and admins only',
  'DELETE /api/import/preview/:id': 'managers and admins only: drops their own kept file',
  'GET /api/import/history': 'file names, counts and who imported them',
  'GET /api/dashboard/locations': 'office names, the same for everyone',
  'GET /api/dashboard/last-import-date': 'when the data was last imported',
  'GET /api/config/worklist-thresholds': 'four numbers of days',
  'PUT /api/config/worklist-thresholds': 'managers and admins only',
  'POST /api/patient/activity': 'a write, held to their own patients (server/activities tests)',
  'POST /api/patient/ref':
    'an id for a patient the caller may open, else 404 (server/patients/patient-id.api.test.ts)',
  'DELETE /api/patient/activity/:id': 'a delete, by its writer or an admin; answers no patient',
  'GET /api/worklist/assignees': 'usernames of the active users, not patients',
  'GET /api/worklist/summary': 'managers and admins only; counts per user',
  'GET /api/sync/opendental': 'admins only; the Open Dental connection, not patients',
  'PUT /api/sync/opendental': 'admins only',
  'POST /api/sync/opendental/test': 'admins only; the server version and counts of rows',
  'POST /api/sync/opendental/run': 'managers and admins only',
  'GET /api/sync/opendental/status': 'whether a sync is set up and when the last one ran, with its counts',
};

const CASES = Object.entries(PROVIDER_DATA);
const call = (token: string) => (key: string, c: Case, query: Query) =>
  show(token, key, c.params, { ...c.query, ...query });

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('admin', ADMIN_PASSWORD);
  await t.createUser('pv-manager', 'manager', 'manager-pass');
  manager = await t.login('pv-manager', 'manager-pass');
  const register = async (username: string, provider_name: string | null) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username, password: 'provider-pass', role: 'provider', provider_name },
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().user.id as number;
  };
  heldId = await register('pv-adams', OWN);
  await register('pv-nameless', null);
  held = await t.login('pv-adams', 'provider-pass');
  nameless = await t.login('pv-nameless', 'provider-pass');
  expect((await upload(t, admin, 'raw-data', 'report.csv', REPORT)).statusCode).toBe(200);
  expect((await upload(t, admin, 'future-scheduled', 'future.csv', FUTURE)).statusCode).toBe(200);
  const monthly = (n: number) => Array<number>(12).fill(n);
  const goals = await t.app.inject({
    method: 'PUT',
    url: '/api/config/goals',
    payload: {
      year: 2026,
      goals: [
        { provider: OWN, metric: 'consults', months: monthly(2) },
        { provider: OTHER, metric: 'consults', months: monthly(3) },
        { provider: OTHER, metric: 'arch_value', months: monthly(5000) },
      ],
    },
    headers: bearer(admin),
  });
  expect(goals.statusCode, goals.body).toBe(200);
});
afterAll(() => t.close());

describe('every endpoint is classified', () => {
  it('is provider data or listed with the reason it is not, exactly once', () => {
    const keys = ALL_ENDPOINTS.map(keyOf);
    for (const key of keys) {
      const lists = [key in PROVIDER_DATA, key in NOT_PROVIDER_DATA].filter(Boolean).length;
      expect(lists, `${key}: add it to PROVIDER_DATA or NOT_PROVIDER_DATA`).toBe(1);
    }
    for (const key of [...Object.keys(PROVIDER_DATA), ...Object.keys(NOT_PROVIDER_DATA)]) {
      expect(keys, `${key} is no endpoint`).toContain(key);
    }
  });

  it('lists no call that shows patients among the rest: every one of them is a read', () => {
    for (const key of Object.keys(PROVIDER_DATA)) expect(endpointOf(key).method).toBe('GET');
  });
});

describe('with the setting off (the default)', () => {
  it('reads as off, and serves a provider every provider as before', async () => {
    const res = await t.app.inject({ url: '/api/config/privacy', headers: bearer(held) });
    expect(res.json()).toEqual({ success: true, providers_see_own_only: false });
    for (const [key, c] of CASES) {
      expect(await call(held)(key, c, { provider: OTHER }), key).toEqual(
        await call(admin)(key, c, { provider: OTHER }),
      );
    }
  });
});

describe('with the setting on', () => {
  beforeAll(async () => {
    const res = await setOwnOnly(true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, providers_see_own_only: true });
  });
  afterAll(async () => {
    await setOwnOnly(false);
  });

  it.each(CASES)('%s shows a provider only their own, whatever provider they ask for', async (key, c) => {
    const asAdmin = (query: Query) => call(admin)(key, c, query);
    const expected = c.own ? await c.own(asAdmin) : await asAdmin({ provider: OWN });
    // The data tells the two apart, so the comparison below has teeth.
    expect(await asAdmin({})).not.toEqual(expected);
    for (const provider of [OTHER, undefined, 'All Providers']) {
      expect(await call(held)(key, c, { provider }), `provider=${provider}`).toEqual(expected);
    }
  });

  it.each(CASES)('%s leaves managers and admins unrestricted', async (key, c) => {
    expect(await call(manager)(key, c, { provider: OTHER })).toEqual(
      await call(admin)(key, c, { provider: OTHER }),
    );
  });

  // A page of a detail list (docs/behaviour.md section 6.5) is cut from the list the caller may see.
  const LISTS = CASES.filter(([key]) => /^GET \/api\/dashboard\/[a-z-]+-details/.test(key));
  it.each(LISTS)('%s pages only their own list too', async (key, c) => {
    const page = { page: '1', page_size: '1' };
    const expected = await call(admin)(key, c, { ...page, provider: OWN });
    expect(expected.body).toHaveProperty('paging');
    expect(await call(admin)(key, c, page)).not.toEqual(expected);
    for (const provider of [OTHER, undefined, 'All Providers']) {
      expect(await call(held)(key, c, { ...page, provider }), `provider=${provider}`).toEqual(expected);
    }
  });

  it('keeps the acceptable range over every provider', async () => {
    const range = async (token: string) =>
      (await show(token, 'GET /api/dashboard/consult-overview', undefined, YEAR)).body as {
        acceptable_range: { mean: number; outside: string[] };
        providers: { provider: string }[];
      };
    const mine = await range(held);
    const all = await range(admin);
    expect(mine.providers.map((p) => p.provider)).toEqual([OWN]);
    expect(all.providers.length).toBe(2);
    // The same mean and bounds; `outside` names only the providers shown (6.1).
    expect(mine.acceptable_range).toEqual({
      ...all.acceptable_range,
      outside: all.acceptable_range.outside.filter((p) => p === OWN),
    });
  });

  it('finds a patient of theirs whoever else treats them, with the whole record', async () => {
    const lookup = (token: string, name: string) =>
      show(token, 'GET /api/patient/lookup', undefined, { name });
    for (const name of ['Sam Samson', 'Gil Gibson']) {
      const mine = await lookup(held, name);
      expect(mine.status, name).toBe(200);
      expect(mine).toEqual(await lookup(admin, name));
    }
    const everyone = await show(admin, 'GET /api/patient/search', undefined, { q: 'son' });
    expect((everyone.body as { total: number }).total).toBe(EVERYONE);
  });

  it('shows a provider with no provider name nothing, and says nothing of others', async () => {
    const body = async (key: string, query: Query = {}, params?: object) =>
      (await show(nameless, key, params, { ...query, provider: OWN })).body as Record<string, unknown>;
    expect((await body('GET /api/dashboard/providers')).providers).toEqual([]);
    const overview = await body('GET /api/dashboard/consult-overview', YEAR);
    expect(overview.providers).toEqual([]);
    expect(overview.totals).toMatchObject({ consults_ytd: 0, future_consults: 0, consults_won: 0 });
    expect((await body('GET /api/dashboard/summary', YEAR)).consults_ytd).toEqual({ value: 0, previous: 0 });
    expect((await body('GET /api/dashboard/future-case-value')).future_treatments).toMatchObject({
      providers: [],
      grand_total: 0,
    });
    expect((await body('GET /api/worklist', WORKLIST)).total).toBe(0);
    expect((await body('GET /api/scoresheet')).scoresheet).toEqual([]);
    expect(await body('GET /api/patient/search', { q: 'son' })).toEqual({
      success: true,
      patients: [],
      total: 0,
    });
    const lookup = await show(nameless, 'GET /api/patient/lookup', undefined, { name: 'Ann Adamson' });
    expect(lookup).toEqual({
      status: 404,
      body: { success: false, error: 'Patient not found', code: 'patient_not_found' },
    });
    const file = await show(nameless, 'GET /api/export/worklist', undefined, WORKLIST);
    const [sheet] = file.body as { rows: unknown[][] }[];
    expect(sheet.rows[0][0]).toContain('No provider name');
  });

  it('follows a change of the provider name at once', async () => {
    const providers = async () =>
      ((await show(held, 'GET /api/dashboard/providers', undefined, {})).body as { providers: string[] })
        .providers;
    const rename = (provider_name: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/auth/users/${heldId}`,
        payload: { provider_name },
        headers: bearer(admin),
      });
    expect((await rename(OTHER)).statusCode).toBe(200);
    expect(await providers()).toEqual([OTHER]);
    expect((await rename(OWN)).statusCode).toBe(200);
    expect(await providers()).toEqual([OWN]);
  });

  it("records the provider's lookups and searches for an admin to read", async () => {
    await show(held, 'GET /api/patient/lookup', undefined, { name: 'Ann Adamson' });
    await show(held, 'GET /api/patient/lookup', undefined, { name: 'Cat Carlson' });
    await show(held, 'GET /api/patient/search', undefined, { q: 'carl' });
    const res = await t.app.inject({ url: '/api/audit?limit=200', headers: bearer(admin) });
    const events = (res.json().events as { username: string; action: string; detail: object }[]).filter(
      (e) => e.username === 'pv-adams',
    );
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'patient_lookup',
          detail: { patient_name: 'Ann Adamson', provider: OWN },
        }),
        expect.objectContaining({
          action: 'patient_lookup_not_found',
          detail: { name: 'Cat Carlson', provider: OWN },
        }),
        expect.objectContaining({
          action: 'patient_search',
          detail: { q: 'carl', results: 0, total: 0, provider: OWN },
        }),
      ]),
    );
  });
});

describe('GET and PUT /api/config/privacy', () => {
  it('lets every signed-in user read it, and only admins change it', async () => {
    for (const token of [held, manager, admin]) {
      const res = await t.app.inject({ url: '/api/config/privacy', headers: bearer(token) });
      expect(res.statusCode).toBe(200);
    }
    for (const token of [manager, held]) {
      const res = await setOwnOnly(true, token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        success: false,
        error: 'Only admins can change the privacy setting',
        code: 'forbidden',
      });
    }
    const after = await t.app.inject({ url: '/api/config/privacy', headers: bearer(admin) });
    expect(after.json().providers_see_own_only).toBe(false);
  });

  it('refuses a body without a true or false', async () => {
    for (const payload of [{}, { providers_see_own_only: 'yes' }, { providers_see_own_only: 1 }]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/config/privacy',
        payload,
        headers: bearer(admin),
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toContain('providers_see_own_only must be true or false');
    }
  });

  it('audits each change with the value before and after', async () => {
    await setOwnOnly(true);
    await setOwnOnly(false);
    const rows = await t.db.query<{ username: string; detail: unknown }>(
      `SELECT username, detail FROM audit_log WHERE action = 'privacy_changed' ORDER BY id DESC LIMIT 2`,
    );
    expect(rows).toEqual([
      { username: 'admin', detail: { providers_see_own_only: { before: true, after: false } } },
      { username: 'admin', detail: { providers_see_own_only: { before: false, after: true } } },
    ]);
  });

  it('applies to the very next call, either way', async () => {
    const search = async () =>
      ((await show(held, 'GET /api/patient/search', undefined, { q: 'son' })).body as { total: number })
        .total;
    expect(await search()).toBe(EVERYONE);
    await setOwnOnly(true);
    expect(await search()).toBe(ADAMS_PATIENTS.length);
    await setOwnOnly(false);
    expect(await search()).toBe(EVERYONE);
  });
});
