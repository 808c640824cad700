import { AUDIT_PAGE_SIZE } from '../../common/api/audit';
import { bearer, createTestContext, type TestContext } from '../test/harness';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('admin', 'admin-pass');
});
afterAll(() => t.close());

type Event = { id: number; at: string; username: string | null; action: string; detail: unknown };

/** Writes events as they were at given moments, so dates and order can be checked exactly. */
async function insert(events: { at: string; username: string | null; action: string; detail?: object }[]) {
  for (const e of events) {
    await t.db.query('INSERT INTO audit_log (at, username, action, detail, ip) VALUES ($1, $2, $3, $4, $5)', [
      e.at,
      e.username,
      e.action,
      e.detail ? JSON.stringify(e.detail) : null,
      '10.0.0.9',
    ]);
  }
}

async function list(query: string, token = admin) {
  const res = await t.app.inject({ url: `/api/audit?${query}`, headers: bearer(token) });
  return { status: res.statusCode, body: res.json() };
}

async function events(query: string): Promise<Event[]> {
  const { status, body } = await list(query);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.events;
}

async function lastEvent() {
  const [row] = await t.db.query<{ action: string; username: string; detail: Record<string, unknown> }>(
    'SELECT action, username, detail FROM audit_log ORDER BY id DESC LIMIT 1',
  );
  return row;
}

describe('GET /api/audit', () => {
  beforeAll(() =>
    insert([
      {
        at: '2026-03-01T00:00:00Z',
        username: 'Filter-Nurse',
        action: 'patient_lookup',
        detail: { patient_name: 'A' },
      },
      { at: '2026-03-01T23:59:59.999Z', username: 'filter-nurse', action: 'login' },
      {
        at: '2026-03-02T00:00:00Z',
        username: 'filter-nurse',
        action: 'patient_lookup',
        detail: { patient_name: 'B' },
      },
      { at: '2026-02-28T23:59:59.999Z', username: 'filter-nurse-2', action: 'patient_lookup' },
      {
        at: '2026-03-05T12:00:00Z',
        username: 'filter-other',
        action: 'patient_lookup',
        detail: { patient_name: 'C' },
      },
    ]),
  );

  it('matches a username exactly, without regard to case', async () => {
    const found = await events('user=FILTER-NURSE');
    expect(found.map((e) => e.at)).toEqual([
      '2026-03-02T00:00:00.000Z',
      '2026-03-01T23:59:59.999Z',
      '2026-03-01T00:00:00.000Z',
    ]);
    expect(await events('user=filter')).toEqual([]);
  });

  it('filters by action', async () => {
    const found = await events('action=patient_lookup&user=filter-other');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      action: 'patient_lookup',
      detail: { patient_name: 'C' },
      ip: '10.0.0.9',
    });
    expect(await events('action=login&user=filter-other')).toEqual([]);
  });

  it('takes from and to as whole UTC days, both included', async () => {
    const day = await events('from=2026-03-01&to=2026-03-01&action=patient_lookup');
    expect(day.map((e) => e.detail)).toEqual([{ patient_name: 'A' }]);
    const both = await events('from=2026-03-01&to=2026-03-02&user=filter-nurse');
    expect(both).toHaveLength(3);
    expect(await events('from=2026-03-03&action=patient_lookup')).toHaveLength(1);
    expect(await events('to=2026-02-28&action=patient_lookup')).toHaveLength(1);
  });

  it('treats an empty parameter as no filter', async () => {
    const { body } = await list('user=&action=&from=&to=&page=');
    expect(body.page).toBe(1);
    expect(body.total).toBeGreaterThanOrEqual(5);
  });

  it('answers 51 events in two pages of 50, newest first', async () => {
    const start = Date.parse('2025-06-01T08:00:00Z');
    await insert(
      Array.from({ length: 51 }, (_, i) => ({
        at: new Date(start + i * 60_000).toISOString(),
        username: 'pager',
        action: 'patient_search',
        detail: { q: `q${i}` },
      })),
    );
    const first = await list('user=pager');
    expect(first.body).toMatchObject({ success: true, total: 51, page: 1, limit: AUDIT_PAGE_SIZE, pages: 2 });
    expect(first.body.events).toHaveLength(50);
    expect(first.body.events[0].detail).toEqual({ q: 'q50' });
    expect(first.body.events[49].detail).toEqual({ q: 'q1' });
    const times = first.body.events.map((e: Event) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const second = await list('user=pager&page=2');
    expect(second.body).toMatchObject({ total: 51, page: 2, pages: 2 });
    expect(second.body.events.map((e: Event) => e.detail)).toEqual([{ q: 'q0' }]);

    const beyond = await list('user=pager&page=3');
    expect(beyond.body).toMatchObject({ total: 51, page: 3, pages: 2, events: [] });
  });

  it('orders events of one moment by the order they were written, the later first', async () => {
    await insert([
      { at: '2024-01-01T00:00:00Z', username: 'same-moment', action: 'login', detail: { n: 1 } },
      { at: '2024-01-01T00:00:00Z', username: 'same-moment', action: 'login', detail: { n: 2 } },
    ]);
    expect((await events('user=same-moment')).map((e) => e.detail)).toEqual([{ n: 2 }, { n: 1 }]);
  });

  it('answers 0 pages when nothing matches', async () => {
    expect((await list('user=nobody-at-all')).body).toMatchObject({ total: 0, pages: 0, events: [] });
  });

  it.each([
    ['from=2026-02-30', 'from', 'from must be a calendar date written YYYY-MM-DD'],
    ['to=03/01/2026', 'to', 'to must be a calendar date written YYYY-MM-DD'],
    ['from=2026-3-1', 'from', 'from must be a calendar date written YYYY-MM-DD'],
    ['from=2026-03-02&to=2026-03-01', 'to', 'from must be on or before to'],
    ['action=nonsense', 'action', 'action must be one of the audited actions listed in /api/docs'],
    ['page=0', 'page', 'page must be a whole number from 1'],
    ['page=two', 'page', 'page must be a whole number from 1'],
  ])('refuses %s with 400 naming the field', async (query, field, error) => {
    expect(await list(query)).toEqual({
      status: 400,
      body: { success: false, error, code: 'invalid_field', field },
    });
  });

  it('records each read with its filters and page', async () => {
    await list('user=Filter-Nurse&action=patient_lookup&from=2026-03-01&to=2026-03-02&page=1');
    expect(await lastEvent()).toEqual({
      action: 'audit_viewed',
      username: 'admin',
      detail: {
        user: 'Filter-Nurse',
        action: 'patient_lookup',
        from: '2026-03-01',
        to: '2026-03-02',
        page: 1,
      },
    });
    await list('page=2');
    expect(await lastEvent()).toMatchObject({ action: 'audit_viewed', detail: { page: 2 } });
    // The read's own row is not on the page it answers; the next read shows it.
    const [latest] = await events('');
    expect(latest).toMatchObject({ action: 'audit_viewed', detail: { page: 2 } });
  });
});

describe('who may read the log', () => {
  it.each(['/api/audit', '/api/audit/export'])(
    '%s: 401 without a token, 403 for managers and providers',
    async (url) => {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
      for (const role of ['manager', 'provider'] as const) {
        const name = `${role}-${url.length}-reader`;
        await t.createUser(name, role);
        const res = await t.app.inject({ url, headers: bearer(await t.login(name, 'secret123')) });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({
          success: false,
          error: 'Only admins can read the audit log',
          code: 'forbidden',
        });
      }
    },
  );
});

/** The cells of a CSV text, read as a spreadsheet reads them (quoted fields may hold commas, quotes, line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  expect(cell).toBe('');
  return rows;
}

async function exportCsv(query: string) {
  const res = await t.app.inject({ url: `/api/audit/export?${query}`, headers: bearer(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

describe('GET /api/audit/export', () => {
  it('answers audit_log.csv: BOM, header, every matching event newest first', async () => {
    await insert([
      { at: '2026-04-01T09:30:00Z', username: 'csv-user', action: 'login' },
      {
        at: '2026-04-02T10:00:00Z',
        username: 'csv-user',
        action: 'patient_lookup',
        detail: { patient_name: 'Hernandez, "Tony", Jr.\nLine two' },
      },
    ]);
    const res = await exportCsv('user=csv-user');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="audit_log.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = raw.toString('utf8');
    expect(text.slice(1).split('\r\n')[0]).toBe(
      'ID,When (UTC),User,Action,What,IP,Action Code,Detail (JSON)',
    );
    const rows = parseCsv(text.slice(1));
    expect(rows).toHaveLength(3);
    expect(rows[1].slice(1)).toEqual([
      '2026-04-02 10:00:00',
      'csv-user',
      'Patient lookup',
      'Looked up patient Hernandez, "Tony", Jr.\nLine two',
      '10.0.0.9',
      'patient_lookup',
      '{"patient_name":"Hernandez, \\"Tony\\", Jr.\\nLine two"}',
    ]);
    expect(rows[2].slice(1)).toEqual([
      '2026-04-01 09:30:00',
      'csv-user',
      'Sign-in',
      'Signed in',
      '10.0.0.9',
      'login',
      '',
    ]);
  });

  it('writes a name a spreadsheet would run as a formula as text, starting with a quote', async () => {
    const evil = '=HYPERLINK("http://x.test","click")';
    // A failed sign-in keeps the username as typed; a lookup of nobody keeps the name asked for.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: evil, password: 'whatever' },
    });
    expect(login.statusCode).toBe(401);
    await insert([
      {
        at: '2026-04-03T00:00:00Z',
        username: '@admin',
        action: 'patient_lookup_not_found',
        detail: { name: '-2+3' },
      },
    ]);
    await insert([
      {
        at: '2026-04-03T00:00:01Z',
        username: '+nurse',
        action: 'patient_lookup',
        detail: { patient_name: '=1+1' },
      },
    ]);

    const failed = parseCsv((await exportCsv('action=login_failed')).body.slice(1));
    const row = failed.find((r) => r[2].includes('HYPERLINK'));
    expect(row?.[2]).toBe(`'${evil}`);
    expect((await exportCsv('action=login_failed')).body).toContain(
      `"'=HYPERLINK(""http://x.test"",""click"")"`,
    );

    const lookups = parseCsv((await exportCsv('from=2026-04-03&to=2026-04-03')).body.slice(1));
    expect(lookups.slice(1).map((r) => r[2])).toEqual(["'+nurse", "'@admin"]);
    expect(lookups[1][4]).toBe('Looked up patient =1+1');
    for (const r of lookups) for (const cell of r) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('sends every event of a long log once, in order, however the batches fall', async () => {
    // 4,500 events, three to each microsecond, so batches end inside a moment shared with the next.
    await t.db.query(
      `INSERT INTO audit_log (at, username, action, detail)
       SELECT timestamptz '2023-05-01 00:00:00+00' + (i / 3) * interval '1 microsecond', 'bulk', 'login',
              jsonb_build_object('i', i)
       FROM generate_series(0, 4499) AS i`,
    );
    const rows = parseCsv((await exportCsv('user=bulk')).body.slice(1)).slice(1);
    expect(rows).toHaveLength(4500);
    const ids = rows.map((r) => Number(r[0]));
    expect(new Set(ids).size).toBe(4500);
    const order = rows.map((r) => JSON.parse(r[7]).i as number);
    expect(order).toEqual(Array.from({ length: 4500 }, (_, k) => 4499 - k));
  });

  it('records the export with its filters and number of events', async () => {
    await exportCsv('user=csv-user&from=2026-04-01');
    expect(await lastEvent()).toEqual({
      action: 'audit_exported',
      username: 'admin',
      detail: { user: 'csv-user', from: '2026-04-01', rows: 2 },
    });
  });

  it('answers only a header when nothing matches, and refuses bad filters', async () => {
    const res = await exportCsv('user=nobody-at-all');
    expect(res.body).toBe('\uFEFFID,When (UTC),User,Action,What,IP,Action Code,Detail (JSON)\r\n');
    const bad = await t.app.inject({
      url: '/api/audit/export?from=2026-05-02&to=2026-05-01',
      headers: bearer(admin),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      success: false,
      error: 'from must be on or before to',
      code: 'invalid_field',
      field: 'to',
    });
  });
});
