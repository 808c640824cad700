import { ADMIN_PASSWORD, bearer, createTestContext, type TestContext } from '../test/harness';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('admin', ADMIN_PASSWORD);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload });

describe('user management', () => {
  it('lets an admin add, list, edit and delete a user', async () => {
    const created = await call('POST', '/api/auth/register', admin, {
      username: 'drchen',
      password: 'secret123',
      email: 'chen@example.com',
      role: 'provider',
      provider_name: 'Dr. Sarah Chen',
    });
    expect(created.statusCode).toBe(201);
    const user = created.json().user;
    expect(user).toMatchObject({ username: 'drchen', role: 'provider', is_active: true, last_login: null });
    const list = await call('GET', '/api/auth/users', admin);
    expect(list.json().users.map((u: { username: string }) => u.username)).toContain('drchen');
    expect(list.body).not.toMatch(/password|scrypt/);
    const edited = await call('PUT', `/api/auth/users/${user.id}`, admin, { role: 'manager', password: '' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().user.role).toBe('manager');
    // A blank password on edit keeps the current one.
    expect(await t.login('drchen', 'secret123')).toEqual(expect.any(String));
    expect((await call('DELETE', `/api/auth/users/${user.id}`, admin)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/auth/users/${user.id}`, admin)).statusCode).toBe(404);
  });

  it('refuses duplicate usernames and emails in any case with 409', async () => {
    await t.createUser('dupe1', 'provider', 'secret123', 'dupe1@example.com');
    const byName = await call('POST', '/api/auth/register', admin, {
      username: 'DUPE1',
      password: 'secret123',
    });
    expect(byName.statusCode).toBe(409);
    expect(byName.json().error).toMatch(/already taken/);
    const byEmail = await call('POST', '/api/auth/register', admin, {
      username: 'dupe2',
      password: 'secret123',
      email: 'Dupe1@Example.com',
    });
    expect(byEmail.statusCode).toBe(409);
  });

  it("refuses taking another user's username or email on edit, in any case, with 409", async () => {
    const first = await t.createUser('edit1', 'provider', 'secret123', 'edit1@example.com');
    const second = await t.createUser('edit2', 'provider', 'secret123', 'edit2@example.com');
    const byName = await call('PUT', `/api/auth/users/${second}`, admin, { username: 'EDIT1' });
    expect(byName.statusCode).toBe(409);
    expect(byName.json().error).toBe('The username "EDIT1" is already taken');
    const byEmail = await call('PUT', `/api/auth/users/${second}`, admin, { email: 'Edit1@example.com' });
    expect(byEmail.statusCode).toBe(409);
    // Keeping one's own name in another case is no clash.
    expect((await call('PUT', `/api/auth/users/${first}`, admin, { username: 'Edit1' })).statusCode).toBe(
      200,
    );
  });

  it('gives 409, never 500, to registrations of one name sent at the same moment', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call('POST', '/api/auth/register', admin, { username: 'sametime', password: 'secret123' }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
  });

  it('a new password set by an admin ends the old sessions; a short one is refused', async () => {
    const id = await t.createUser('pwchange', 'manager', 'secret123');
    const old = await t.login('pwchange', 'secret123');
    const short = await call('PUT', `/api/auth/users/${id}`, admin, { password: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe('Password must be at least 6 characters long');
    expect((await call('GET', '/api/auth/verify-token', old)).statusCode).toBe(200);
    expect((await call('PUT', `/api/auth/users/${id}`, admin, { password: 'changed1' })).statusCode).toBe(
      200,
    );
    expect((await call('GET', '/api/auth/verify-token', old)).statusCode).toBe(401);
    expect(await t.login('pwchange', 'changed1')).toEqual(expect.any(String));
  });

  it('validates the form: short password, bad email, bad role, bad id', async () => {
    const short = await call('POST', '/api/auth/register', admin, { username: 'shorty', password: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe('Password must be at least 6 characters long');
    const email = await call('POST', '/api/auth/register', admin, {
      username: 'mail1',
      password: 'secret123',
      email: 'nope',
    });
    expect(email.statusCode).toBe(400);
    const role = await call('POST', '/api/auth/register', admin, {
      username: 'role1',
      password: 'secret123',
      role: 'owner',
    });
    expect(role.statusCode).toBe(400);
    expect((await call('PUT', '/api/auth/users/abc', admin, {})).statusCode).toBe(400);
    expect((await call('PUT', '/api/auth/users/99999', admin, {})).statusCode).toBe(404);
  });

  it('refuses providers and managers with 403', async () => {
    await t.createUser('prov1', 'provider');
    await t.createUser('mgr1', 'manager');
    for (const name of ['prov1', 'mgr1']) {
      const token = await t.login(name, 'secret123');
      expect((await call('GET', '/api/auth/users', token)).statusCode).toBe(403);
      const reg = await call('POST', '/api/auth/register', token, { username: 'x1', password: 'secret123' });
      expect(reg.statusCode).toBe(403);
      expect(reg.json().error).toBe('Only admins can manage users');
      expect((await call('DELETE', '/api/auth/users/1', token)).statusCode).toBe(403);
    }
  });

  it('never lets the last active admin be deleted, demoted or deactivated', async () => {
    const [{ id }] = await t.db.query<{ id: number }>(`SELECT id FROM users WHERE username = 'admin'`);
    for (const [method, payload] of [
      ['DELETE', undefined],
      ['PUT', { role: 'manager' }],
      ['PUT', { is_active: false }],
    ] as const) {
      const res = await call(method, `/api/auth/users/${id}`, admin, payload);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatch(/last active admin/);
    }
    const [{ role, is_active }] = await t.db.query<{ role: string; is_active: boolean }>(
      'SELECT role, is_active FROM users WHERE id = $1',
      [id],
    );
    expect({ role, is_active }).toEqual({ role: 'admin', is_active: true });
  });

  it('applies a demotion on the next call at once', async () => {
    const id = await t.createUser('admin2', 'admin');
    const token = await t.login('admin2', 'secret123');
    expect((await call('GET', '/api/auth/users', token)).statusCode).toBe(200);
    await call('PUT', `/api/auth/users/${id}`, admin, { role: 'manager' });
    expect((await call('GET', '/api/auth/users', token)).statusCode).toBe(403);
  });

  it('writes user changes to the audit log without passwords', async () => {
    const res = await call('GET', '/api/audit?limit=50', admin);
    const actions = res.json().events.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['user_created', 'user_updated', 'user_deleted']));
    expect(res.body).not.toMatch(/secret123/);
  });
});
