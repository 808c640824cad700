/**
 * Every error body carries a code from common/api/error-codes.ts (docs/behaviour.md section 10):
 * errors of every kind, each met through the API as a client meets it, answer the code a client
 * would decide by, and the field when the error is about one.
 */
import type { InjectOptions } from 'fastify';
import { ERROR_CODE_LIST, type ErrorCode } from '../../common/api/error-codes';
import { errorResponse } from '../../common/api/shared';
import { buildApp } from '../app';
import { ADMIN_PASSWORD, bearer, createTestContext, type TestContext } from '../test/harness';
import { multipart } from '../test/upload';

let t: TestContext;
let admin: string;
let provider: string;
beforeAll(async () => {
  t = await createTestContext({ MAX_UPLOAD_MB: '1' });
  admin = await t.login('admin', ADMIN_PASSWORD);
  await t.createUser('coded', 'provider');
  provider = await t.login('coded', 'secret123');
});
afterAll(() => t.close());

interface Case {
  /** What is sent; a function, so the tokens signed in above are in it. */
  send: () => InjectOptions;
  status: number;
  code: ErrorCode;
  field?: string;
}

const json = (method: 'POST' | 'PUT', url: string, payload: unknown, token?: string): InjectOptions => ({
  method,
  url,
  payload: payload as object,
  headers: token ? bearer(token) : {},
});
const get = (url: string, token?: string): InjectOptions => ({ url, headers: token ? bearer(token) : {} });
const file = (kind: string, name: string, content: string): InjectOptions => {
  const body = multipart(name, content, { replace: 'true' });
  return {
    method: 'POST',
    url: `/api/import/${kind}`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(admin) },
  };
};
const GOALS = '/api/config/goals';

const CASES: Record<string, Case> = {
  // The request as it arrives.
  'bad JSON': {
    send: () => ({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    }),
    status: 400,
    code: 'invalid_json',
  },
  'an empty JSON body': {
    send: () => ({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' } }),
    status: 400,
    code: 'invalid_json',
  },
  'a content type the API does not take': {
    send: () => ({ method: 'POST', url: '/api/auth/login', payload: 'username=admin' }),
    status: 415,
    code: 'unsupported_media_type',
  },
  'a JSON body over 1 MB': {
    send: () => json('POST', '/api/auth/login', { username: 'x'.repeat(1_100_000), password: 'y' }),
    status: 413,
    code: 'too_large',
  },
  'a NUL in a query': {
    send: () => get('/api/patient/search?q=a%00b', admin),
    status: 400,
    code: 'invalid_text',
  },
  'a malformed address': {
    send: () => get('/api/auth/users/%E0%A4%A'),
    status: 400,
    code: 'invalid_request',
  },
  'an unknown route': { send: () => get('/api/no-such-thing', admin), status: 404, code: 'not_found' },
  'an unknown route without a token': {
    send: () => get('/api/no-such-thing'),
    status: 404,
    code: 'not_found',
  },
  // Validation by the endpoint's schema.
  'a field missing': {
    send: () => json('PUT', GOALS, { goals: [] }, admin),
    status: 400,
    code: 'missing_field',
    field: 'year',
  },
  'a field of the wrong value': {
    send: () => json('PUT', GOALS, { year: 1999, goals: [] }, admin),
    status: 400,
    code: 'invalid_field',
    field: 'year',
  },
  'a nested field of the wrong value': {
    send: () => json('PUT', GOALS, { year: 2026, goals: [7] }, admin),
    status: 400,
    code: 'invalid_field',
    field: 'goals.0',
  },
  'a query parameter of the wrong value': {
    send: () => get('/api/dashboard/consult-overview?year=20x5', admin),
    status: 400,
    code: 'invalid_field',
    field: 'year',
  },
  // Signing in, sessions and roles.
  'no token': { send: () => get('/api/auth/users'), status: 401, code: 'sign_in_required' },
  'a token that is no token': {
    send: () => get('/api/auth/users', 'not.a.token'),
    status: 401,
    code: 'session_ended',
  },
  'a wrong password': {
    send: () => json('POST', '/api/auth/login', { username: 'admin', password: 'wrong-pass' }),
    status: 401,
    code: 'wrong_credentials',
  },
  'a role that may not': { send: () => get('/api/auth/users', provider), status: 403, code: 'forbidden' },
  'a wrong current password': {
    send: () =>
      json(
        'POST',
        '/api/auth/change-password',
        { current_password: 'nope', new_password: 'new-pass' },
        provider,
      ),
    status: 400,
    code: 'wrong_password',
    field: 'current_password',
  },
  'a used reset link': {
    send: () => json('POST', '/api/auth/reset-password', { token: 'made-up', password: 'new-pass' }),
    status: 400,
    code: 'invalid_reset_link',
  },
  // Things that are not there, or are already.
  'an unknown patient': {
    send: () => get('/api/patient/lookup?name=Nobody%20Here', admin),
    status: 404,
    code: 'patient_not_found',
  },
  'an unknown user': {
    send: () => ({ method: 'DELETE', url: '/api/auth/users/99999', headers: bearer(admin) }),
    status: 404,
    code: 'user_not_found',
  },
  'an unknown code mapping': {
    send: () => ({ method: 'DELETE', url: '/api/config/code-mappings/NOPE1', headers: bearer(admin) }),
    status: 404,
    code: 'mapping_not_found',
  },
  'a username taken': {
    send: () => json('POST', '/api/auth/register', { username: 'CODED', password: 'secret123' }, admin),
    status: 409,
    code: 'username_taken',
    field: 'username',
  },
  'a code mapping taken': {
    send: () =>
      json(
        'POST',
        '/api/config/code-mappings',
        { proc_code: 'fa-pres-max', label: 'Presented Max', value: 1 },
        admin,
      ),
    status: 409,
    code: 'mapping_exists',
    field: 'proc_code',
  },
  'an unknown assignee': {
    send: () => get('/api/worklist?assigned_to=nobody', admin),
    status: 400,
    code: 'unknown_user',
    field: 'assigned_to',
  },
  // Importing files.
  'a file of another type': {
    send: () => file('raw-data', 'notes.txt', 'Patient,Date\n'),
    status: 415,
    code: 'unsupported_file_type',
  },
  'an empty file': { send: () => file('raw-data', 'empty.csv', ''), status: 422, code: 'file_empty' },
  'a file missing a column': {
    send: () => file('raw-data', 'no-code.csv', 'Patient,Date,Provider\nJo,1/1/2025,Dr A\n'),
    status: 422,
    code: 'missing_columns',
  },
  'an Ignore List chosen as the Full Arch Report': {
    send: () => file('raw-data', 'ignore.csv', 'Patient,Year,Notes\nJo Smith,2025,moved\n'),
    status: 422,
    code: 'wrong_file_kind',
  },
  'a file that is no spreadsheet': {
    send: () => file('raw-data', 'fake.xlsx', '%PDF-1.4 not really a workbook'),
    status: 422,
    code: 'file_unreadable',
  },
  'a file with no valid row': {
    send: () => file('raw-data', 'bad-rows.csv', 'Patient,Date,Code,Provider\nJo,someday,D0150,Dr A\n'),
    status: 422,
    code: 'no_valid_rows',
  },
  'a file over MAX_UPLOAD_MB': {
    send: () =>
      file('raw-data', 'big.csv', `Patient,Date,Code,Provider\n${'Jo,1/1/2025,D0150,Dr A\n'.repeat(60_000)}`),
    status: 413,
    code: 'file_too_large',
  },
  'an upload that is not multipart': {
    send: () => json('POST', '/api/import/raw-data', { file: 'x' }, admin),
    status: 400,
    code: 'not_multipart',
  },
  // Sync from Open Dental.
  'a sync with no connection set': {
    send: () => json('POST', '/api/sync/opendental/run', undefined, admin),
    status: 409,
    code: 'sync_not_configured',
  },
};

describe('every error body', () => {
  it.each(Object.entries(CASES))('%s: its status, code and field', async (_, c) => {
    const res = await t.app.inject(c.send());
    expect(res.statusCode, res.body).toBe(c.status);
    const body = res.json();
    // Of the contract's shape, its code one of those declared.
    expect(errorResponse.safeParse(body).success, res.body).toBe(true);
    expect(ERROR_CODE_LIST).toContain(body.code);
    expect(body.code).toBe(c.code);
    expect(body.field).toBe(c.field);
  });

  it('of a file with no valid row still lists the rows it skipped', async () => {
    const res = await t.app.inject(CASES['a file with no valid row'].send());
    expect(res.json()).toMatchObject({ code: 'no_valid_rows', rows_skipped: 1, skipped: [{ row: 2 }] });
  });
});

describe('errors met outside a route', () => {
  // A route of this test's own, public, throwing what the error handler must turn into a body.
  async function appThrowing(err: unknown) {
    const app = await buildApp({ db: t.db, env: t.env, tokens: t.tokens, mailer: null });
    app.get('/api/thrown', { config: { access: 'public' } }, async () => {
      throw err;
    });
    await app.ready();
    return app;
  }

  it.each([
    ['a fault', new Error('boom'), 500, 'internal_error', 'Internal server error'],
    [
      'a value PostgreSQL refuses to store',
      Object.assign(new Error('index row size exceeds maximum'), { code: '54000', severity: 'ERROR' }),
      422,
      'storage_refused',
      'The data could not be stored: a value is longer than it may be',
    ],
    [
      'a 4xx of a plugin',
      Object.assign(new Error('Gone away'), { statusCode: 404 }),
      404,
      'not_found',
      'Gone away',
    ],
    [
      'a 4xx of a plugin with no code of its status',
      Object.assign(new Error('I am a teapot'), { statusCode: 418 }),
      418,
      'invalid_request',
      'I am a teapot',
    ],
  ])('%s', async (_, err, status, code, error) => {
    const app = await appThrowing(err);
    try {
      const res = await app.inject({ url: '/api/thrown' });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ success: false, error, code });
    } finally {
      await app.close();
    }
  });
});
