import { AS_OF, REPORT } from '../test/case-work';
import { ADMIN_PASSWORD } from '../test/harness';
import { type ServerGroup, startServerGroup } from '../test/server-group';
import type { RunningServer } from '../test/spawn-server';

// Two users logging calls for one patient at the same moment, each through their own app process
// on one PostgreSQL server (docs/deployment.md): both are kept, each user's in the order written,
// and each process's next worklist call shows every one of them.

const SERVER_URL = process.env.TEST_DATABASE_URL;
const CALLS = 8;

type Json = Record<string, unknown>;

async function call(server: RunningServer, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Json };
}

async function token(server: RunningServer, username: string, password: string): Promise<string> {
  const res = await call(server, 'POST', '/api/auth/login', undefined, { username, password });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json.token as string;
}

describe.skipIf(!SERVER_URL)('case work through two app processes (needs TEST_DATABASE_URL)', () => {
  let group: ServerGroup;
  let servers: RunningServer[] = [];

  beforeAll(async () => {
    group = await startServerGroup(2, { ADMIN_PASSWORD, JWT_SECRET: '' });
    servers = group.servers;
  }, 120_000);

  afterAll(() => group?.stop());

  it('keeps both users’ calls, in order, and both processes show them at once', async () => {
    const [a, b] = servers;
    const admin = await token(a, 'admin', ADMIN_PASSWORD);
    const form = new FormData();
    form.append('replace', 'true');
    form.append('file', new Blob([REPORT]), 'report.csv');
    const imported = await fetch(`${a.url}/api/import/raw-data`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    expect(imported.status).toBe(200);
    for (const username of ['kim', 'lee']) {
      const made = await call(a, 'POST', '/api/auth/register', admin, {
        username,
        password: `${username}-pass`,
        role: 'manager',
      });
      expect(made.status).toBe(201);
    }
    const kim = await token(a, 'kim', 'kim-pass');
    const lee = await token(b, 'lee', 'lee-pass');
    const bell = async (server: RunningServer, as: string) => {
      const res = await call(server, 'GET', `/api/worklist?as_of=${AS_OF}&stage=awaiting_surgery`, as);
      expect(res.status).toBe(200);
      return (res.json.patients as Json[])[0];
    };
    // Each process has the worklist in hand before the calls.
    expect((await bell(a, kim)).attempts).toBe(0);
    expect((await bell(b, lee)).attempts).toBe(0);

    const logCalls = async (server: RunningServer, as: string, who: string) => {
      for (let i = 0; i < CALLS; i++) {
        const res = await call(server, 'POST', '/api/patient/activity', as, {
          patient_name: 'Ben Bell',
          kind: 'call',
          outcome: 'no_answer',
          date: '2026-05-20',
          note: `${who} ${i}`,
        });
        expect(res.status, JSON.stringify(res.json)).toBe(201);
      }
    };
    await Promise.all([logCalls(a, kim, 'kim'), logCalls(b, lee, 'lee')]);

    const listed = await call(b, 'GET', '/api/patient/activity?name=Ben%20Bell', kim);
    const notes = (listed.json.activities as { note: string; user: string }[]).reverse();
    expect(notes).toHaveLength(2 * CALLS);
    for (const who of ['kim', 'lee']) {
      const own = notes.filter((n) => n.user === who).map((n) => n.note);
      expect(own).toEqual(Array.from({ length: CALLS }, (_, i) => `${who} ${i}`));
    }
    expect((await bell(a, kim)).attempts).toBe(2 * CALLS);
    expect((await bell(b, lee)).attempts).toBe(2 * CALLS);
  }, 60_000);
});
