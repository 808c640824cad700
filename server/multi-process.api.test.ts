import { readFileSync } from 'node:fs';
import { type ServerGroup, startServerGroup } from './test/server-group';
import type { RunningServer } from './test/spawn-server';

// Two app processes on one PostgreSQL server, as a practice that outgrew one machine runs it
// behind a load balancer (docs/deployment.md): everything they must agree on lives in the
// database, so a change made through one is what the other serves on its very next call. Only
// HTTP is used, as a balancer would. The embedded database is one process only (its data folder
// is locked), so there is nothing to test there.

const SERVER_URL = process.env.TEST_DATABASE_URL;

/** A Full Arch Report of one consult and one exam for each of `patients` patients named `<tag>, Patient <i>`. */
function report(tag: string, patients: number, provider = `Dr. ${tag}`): string {
  const lines = ['Patient,Date,Proc Code,Tooth,Provider,Description,Fee,Location'];
  for (let i = 0; i < patients; i++) {
    const day = `${(i % 12) + 1}/${(i % 28) + 1}/2025`;
    lines.push(`"${tag}, Patient ${i}",${day},D9310,,${provider},Consultation,$85.00,Main Street`);
    lines.push(`"${tag}, Patient ${i}",${day},D0330,,${provider},Panoramic image,$105.00,Main Street`);
  }
  return `${lines.join('\n')}\n`;
}

type Json = Record<string, unknown> & { success?: boolean; error?: string };

/** One app process as a client sees it: HTTP calls only. */
class Client {
  constructor(readonly server: RunningServer) {}

  async call(method: string, path: string, token?: string, body?: unknown) {
    const res = await fetch(`${this.server.url}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Json };
  }

  login(username: string, password: string) {
    return this.call('POST', '/api/auth/login', undefined, { username, password });
  }

  async token(username: string, password: string): Promise<string> {
    const res = await this.login(username, password);
    if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${JSON.stringify(res.json)}`);
    return res.json.token as string;
  }

  async importReport(token: string, name: string, text: string | Buffer) {
    const form = new FormData();
    form.append('replace', 'true');
    form.append('file', new Blob([typeof text === 'string' ? text : new Uint8Array(text)]), name);
    const res = await fetch(`${this.server.url}/api/import/raw-data`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: res.status, json: (await res.json()) as Json };
  }

  async consults(token: string, year = 2025) {
    const res = await this.call('GET', `/api/dashboard/consult-overview?year=${year}`, token);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json as { totals: { consults_ytd: number }; providers: { provider: string }[] };
  }

  async patientsMatching(token: string, q: string): Promise<number> {
    const res = await this.call('GET', `/api/patient/search?q=${encodeURIComponent(q)}`, token);
    expect(res.status).toBe(200);
    return res.json.total as number;
  }
}

describe.skipIf(!SERVER_URL)(
  'several app processes on one PostgreSQL server (needs TEST_DATABASE_URL)',
  () => {
    let group: ServerGroup;
    let servers: RunningServer[] = [];
    let a: Client;
    let b: Client;
    let adminA: string;
    let adminB: string;

    beforeAll(async () => {
      // The same DATABASE_URL and nothing else shared: no JWT_SECRET (the signing secret is made once
      // and kept in the database) and no ADMIN_PASSWORD (the first admin's password is generated),
      // as on two machines. Started at the same moment on an empty database, as a deployment's
      // processes are.
      group = await startServerGroup(2, { ADMIN_PASSWORD: '', JWT_SECRET: '' });
      servers = group.servers;
      [a, b] = servers.map((s) => new Client(s));
    }, 120_000);

    afterAll(() => group?.stop());

    it('create the first admin once, whose token both accept', async () => {
      // The banner is printed once listening, which is before health answers.
      const printed = servers
        .map((s) => /password: (\S+)/.exec(s.output())?.[1])
        .filter((p): p is string => p !== undefined);
      // Two first starts at once make one admin: a second printed password would not work.
      expect(printed).toHaveLength(1);
      adminA = await a.token('admin', printed[0]);
      adminB = await b.token('admin', printed[0]);
      // One secret: a token signed by one process is good on the other.
      expect((await b.call('GET', '/api/auth/verify-token', adminA)).status).toBe(200);
      expect((await a.call('GET', '/api/auth/verify-token', adminB)).status).toBe(200);
    });

    it('serve an import made through the other on the very next call', async () => {
      // B has figures of the empty database in hand before the import.
      expect((await b.consults(adminB)).totals.consults_ytd).toBe(0);
      const sample = await a.importReport(
        adminA,
        'full-arch-report.csv',
        readFileSync('samples/full-arch-report.csv'),
      );
      expect(sample.status, JSON.stringify(sample.json)).toBe(200);
      const onB = await b.consults(adminB);
      expect(onB.totals.consults_ytd).toBeGreaterThan(0);
      expect(onB).toEqual(await a.consults(adminA));

      // And the other way round: A has the sample's figures in hand.
      const small = await b.importReport(adminB, 'small.csv', report('Small', 3, 'Dr. Small'));
      expect(small.status, JSON.stringify(small.json)).toBe(200);
      const onA = await a.consults(adminA);
      expect(onA.totals.consults_ytd).toBe(3);
      expect(onA.providers.map((p) => p.provider)).toEqual(['Dr. Small']);
      expect(onA).toEqual(await b.consults(adminB));
    });

    it('count failed sign-ins through both toward one limit', async () => {
      const made = await a.call('POST', '/api/auth/register', adminA, {
        username: 'guessed',
        password: 'right-pass',
        role: 'manager',
      });
      expect(made.status).toBe(201);
      for (let i = 0; i < 5; i++) {
        const res = await (i % 2 === 0 ? a : b).login('guessed', `wrong-${i}`);
        expect(res.status).toBe(401);
      }
      // Neither process alone saw five failures, yet both refuse even the right password.
      const onB = await b.login('guessed', 'right-pass');
      expect(onB.status).toBe(429);
      expect(onB.json.error).toBeTruthy();
      expect((await a.login('guessed', 'right-pass')).status).toBe(429);
    });

    it('refuse a user deactivated through the other at once', async () => {
      const made = await a.call('POST', '/api/auth/register', adminA, {
        username: 'leaver',
        password: 'leaver-pass',
        role: 'manager',
      });
      expect(made.status).toBe(201);
      const id = (made.json.user as { id: number }).id;
      const leaver = await b.token('leaver', 'leaver-pass');
      // B has the active user in hand.
      expect((await b.call('GET', '/api/auth/verify-token', leaver)).status).toBe(200);
      const off = await a.call('PUT', `/api/auth/users/${id}`, adminA, { is_active: false });
      expect(off.status, JSON.stringify(off.json)).toBe(200);
      const next = await b.call('GET', '/api/dashboard/consult-overview?year=2025', leaver);
      expect(next.status).toBe(401);
      expect(next.json.error).toBe('Your session has ended. Please sign in again.');
      expect((await b.login('leaver', 'leaver-pass')).status).toBe(403);
    });

    it('refuse a token signed out, or whose password changed, through the other at once', async () => {
      const made = await a.call('POST', '/api/auth/register', adminA, {
        username: 'roamer',
        password: 'roamer-pass',
        role: 'provider',
      });
      expect(made.status).toBe(201);
      const leaving = await a.token('roamer', 'roamer-pass');
      const staying = await b.token('roamer', 'roamer-pass');
      expect((await b.call('GET', '/api/auth/verify-token', leaving)).status).toBe(200);
      expect((await b.call('POST', '/api/auth/logout', leaving)).status).toBe(200);
      const next = await a.call('GET', '/api/auth/verify-token', leaving);
      expect(next.status).toBe(401);
      expect(next.json.error).toBe('Your session has ended. Please sign in again.');
      // The user's other sign-in goes on, on both.
      expect((await a.call('GET', '/api/auth/verify-token', staying)).status).toBe(200);

      const changing = await a.token('roamer', 'roamer-pass');
      const changed = await a.call('POST', '/api/auth/change-password', changing, {
        current_password: 'roamer-pass',
        new_password: 'roamer-pass-2',
      });
      expect(changed.status, JSON.stringify(changed.json)).toBe(200);
      expect((await b.call('GET', '/api/auth/verify-token', staying)).status).toBe(401);
      expect((await b.call('GET', '/api/auth/verify-token', changed.json.token as string)).status).toBe(200);
    });

    it('leave exactly one of two imports sent at the same moment, whole', async () => {
      const patients = 10_000;
      const files = { 'north.csv': 'North', 'south.csv': 'South' } as const;
      const [north, south] = await Promise.all([
        a.importReport(adminA, 'north.csv', report('North', patients)),
        b.importReport(adminB, 'south.csv', report('South', patients)),
      ]);
      // Neither is refused: the later one waits for the earlier one's transaction (the data-change
      // lock is held in the database, so it holds across processes), then replaces its rows whole.
      expect(north.status, JSON.stringify(north.json)).toBe(200);
      expect(south.status, JSON.stringify(south.json)).toBe(200);
      expect([north.json.records_imported, south.json.records_imported]).toEqual([
        patients * 2,
        patients * 2,
      ]);

      // The history's order is the order the two took the lock: the later one's data is what is left.
      const history = await b.call('GET', '/api/import/history', adminB);
      const [last, before] = (history.json.imports as { id: number; file_name: string }[])
        .filter((h) => h.file_name in files)
        .sort((x, y) => y.id - x.id);
      expect(before.file_name).not.toBe(last.file_name);
      const kept = files[last.file_name as keyof typeof files];
      const lost = files[before.file_name as keyof typeof files];

      // Both processes see the same: every patient of the one file, none of the other, nothing older.
      for (const [client, token] of [
        [a, adminA],
        [b, adminB],
      ] as const) {
        expect(await client.patientsMatching(token, kept)).toBe(patients);
        expect(await client.patientsMatching(token, lost)).toBe(0);
        expect(await client.patientsMatching(token, 'Small')).toBe(0);
        const figures = await client.consults(token);
        expect(figures.totals.consults_ytd).toBe(patients);
        expect(figures.providers.map((p) => p.provider)).toEqual([`Dr. ${kept}`]);
      }
      const one = await a.call(
        'GET',
        `/api/patient/lookup?name=${encodeURIComponent(`${kept}, Patient 7`)}`,
        adminA,
      );
      // A fault here once showed under a full parallel run and not since: the servers' logs say why.
      expect(one.status, servers.map((s) => s.output().slice(-3000)).join('\n----\n')).toBe(200);
      expect((one.json.data as { procedures: unknown[] }).procedures).toHaveLength(2);
    });
  },
);
