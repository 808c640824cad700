import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bearer, createTestContext, type TestContext } from '../test/harness';
import { upload } from '../test/upload';
import { BAD_UTF8, NUL_REFUSED, PROTO_REFUSED } from './request-text';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('admin', 'admin-pass');
});
afterAll(() => t.close());

describe('security headers', () => {
  it('over plain HTTP: no HSTS and no upgrade-insecure-requests, so a LAN address works', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { host: 'server.lan:3000' },
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(res.headers['content-security-policy']).not.toMatch(/upgrade-insecure-requests/);
  });

  it('a forged X-Forwarded-Proto or -For from an untrusted client is ignored', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
      payload: { username: 'admin', password: 'admin-pass' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const [row] = await t.db.query<{ ip: string }>(
      `SELECT ip FROM audit_log WHERE action = 'login' ORDER BY id DESC LIMIT 1`,
    );
    expect(row.ip).toBe('127.0.0.1');
  });

  it('behind the proxy named in TRUST_PROXY: HSTS, upgrade-insecure-requests and the real client address', async () => {
    const proxied = await createTestContext({ TRUST_PROXY: '127.0.0.1' });
    try {
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.7' },
        payload: { username: 'admin', password: 'admin-pass' },
      });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['content-security-policy']).toMatch(/upgrade-insecure-requests/);
      const [row] = await proxied.db.query<{ ip: string }>(
        `SELECT ip FROM audit_log WHERE action = 'login' ORDER BY id DESC LIMIT 1`,
      );
      expect(row.ip).toBe('198.51.100.7');
      const plain = await proxied.app.inject({ method: 'GET', url: '/api/health' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});

describe('request text', () => {
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(admin) });
  const send = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
    t.app.inject({ method, url, headers: bearer(admin), payload: payload as object });

  it('a NUL in any query, path or body is 400, never a fault', async () => {
    const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const answers: string[] = [];
    for (const [path, methods] of Object.entries(spec.paths)) {
      if (path.startsWith('/api/docs')) continue;
      for (const method of Object.keys(methods)) {
        const url = `${path.replace(/\{\w+\}/g, 'a%00b')}?q=a%00b&name=a%00b&provider=a%00b`;
        const res = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          headers: bearer(admin),
          ...(method === 'get' || method === 'delete' ? {} : { payload: { username: 'a\u0000b' } }),
        });
        answers.push(`${method} ${path} ${res.statusCode} ${res.json().error}`);
      }
    }
    for (const a of answers) expect(a).toMatch(new RegExp(` 400 ${NUL_REFUSED}$`));
  });

  it('NUL in the fields people type', async () => {
    for (const res of [
      await get('/api/patient/search?q=Smi%00th'),
      await get('/api/patient/lookup?name=Smi%00th'),
      await get('/api/export/dashboard?provider=Dr%00X'),
      await send('POST', '/api/config/code-mappings', { proc_code: 'D\u00006010', proc_label: 'Full Arch' }),
      await send('POST', '/api/auth/register', {
        username: 'n\u0000ul',
        password: 'secret123',
        role: 'provider',
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'admin', password: 'pass\u0000word' },
      }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, error: NUL_REFUSED, code: 'invalid_text' });
    }
  });

  it('a JSON body that is not valid UTF-8 is 400, and nothing is stored', async () => {
    const userId = await t.createUser('utf8check', 'manager');
    const raw = (json: string) =>
      Buffer.concat(
        json
          .split('\u0000BAD')
          .flatMap((part, i) =>
            i === 0 ? [Buffer.from(part)] : [Buffer.from([0xc0, 0xaf, 0xff]), Buffer.from(part)],
          ),
      );
    const state = async () =>
      JSON.stringify(
        await t.db.query(
          `SELECT (SELECT json_agg(c ORDER BY proc_code) FROM code_mappings c) AS codes,
                  (SELECT json_agg(u.username ORDER BY id) FROM users u) AS users`,
        ),
      );
    const before = await state();
    for (const [method, url, body] of [
      ['POST', '/api/config/code-mappings', '{"proc_code":"D0150\u0000BAD","label":"Consult"}'],
      ['PUT', '/api/config/code-mappings/D0150', '{"proc_code":"D0150\u0000BAD","label":"Consult"}'],
      ['POST', '/api/auth/register', '{"username":"u\u0000BAD","password":"secret123","role":"provider"}'],
      ['PUT', `/api/auth/users/${userId}`, '{"username":"u\u0000BAD","role":"manager"}'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { ...bearer(admin), 'content-type': 'application/json' },
        payload: raw(body),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json()).toEqual({ success: false, error: BAD_UTF8, code: 'invalid_text' });
    }
    expect(await state()).toBe(before);
  });

  it('a username longer than any account may have is 400 at sign-in, not a fault', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'u'.repeat(6000), password: 'whatever' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      error: 'Username is at most 100 characters',
      code: 'invalid_field',
      field: 'username',
    });
  });

  it('__proto__ and constructor.prototype keys get their own message', async () => {
    for (const payload of [
      '{"username":"admin","password":"x","__proto__":{"role":"admin"}}',
      '{"username":"admin","password":"x","constructor":{"prototype":{"role":"admin"}}}',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, error: PROTO_REFUSED, code: 'invalid_request' });
    }
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"admin","password":"admin-pass","constructor":"x"}',
    });
    expect(plain.statusCode).toBe(200);
  });

  it('a malformed address is 400 with the usual body', async () => {
    const res = await get('/api/patient/lookup%E0%A4%A?name=x');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      error: 'The address is not a valid URL',
      code: 'invalid_request',
    });
  });

  it('headers too large are 431 with the usual body', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path: '/api/health', headers: { 'x-big': 'a'.repeat(20_000) } },
        (res) => {
          let body = '';
          res.on('data', (d) => {
            body += d;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({
      success: false,
      error: 'The request headers are too large',
      code: 'headers_too_large',
    });
  });
});

describe('messages that say what is wrong', () => {
  it('a long .csv name is imported, its stored name cut', async () => {
    const name = `${'monthly-export-'.repeat(30)}.csv`;
    const csv = await readFile(new URL('../../samples/ignore-list.csv', import.meta.url));
    const res = await upload(t, admin, 'ignore-list', name, csv);
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.query<{ file_name: string }>(
      'SELECT file_name FROM imports ORDER BY id DESC LIMIT 1',
    );
    expect(row.file_name).toBe(name.slice(0, 255));
  });

  it('a code or label too long says so', async () => {
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/config/code-mappings', headers: bearer(admin), payload });
    const code = await post({ proc_code: 'D'.repeat(10_000), label: 'Full Arch' });
    expect(code.statusCode).toBe(400);
    expect(code.json().error).toBe('Procedure code must be at most 50 characters');
    const label = await post({ proc_code: 'D9999', label: 'L'.repeat(101) });
    expect(label.json().error).toBe('Label must be at most 100 characters');
  });

  it('a reset request does the same work for a known and an unknown address', async () => {
    await t.createUser('known-mail', 'manager', 'secret123', 'known@example.com');
    const audits = () => t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log');
    const tokens = () => t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM reset_tokens');
    const [a0] = await audits();
    const [t0] = await tokens();
    for (const email of ['known@example.com', 'nobody@example.com']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email },
      });
      expect(res.json()).toEqual({
        success: true,
        message: 'If that email belongs to an account, a password reset link has been sent.',
      });
    }
    expect((await audits())[0].n - a0.n).toBe(2);
    expect((await tokens())[0].n - t0.n).toBe(1);
  });
});
