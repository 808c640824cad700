import { eq, sql } from 'drizzle-orm';
import { listAudit, recordAudit } from '../audit/service';
import { USER, USER_COLUMNS, type UserRow } from '../caller/user-row';
import { openTestDb } from '../test/harness';
import type { Db } from './client';
import { databaseError } from './errors';
import { migrate } from './migrate';
import { sqlColumns } from './rows';
import { codeMappings, settings, users } from './schema';

// Drizzle's typed queries and raw SQL on the same database, on both kinds (named .api.test so the
// full test run repeats it on a PostgreSQL server).
let db: Db;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await openTestDb());
  await migrate(db);
});
afterAll(() => drop());

describe('typed rows', () => {
  it('come back in the shape raw SQL returns', async () => {
    const [created] = await db.orm
      .insert(users)
      .values({ username: 'Typed', role: 'provider', passwordHash: 'h' })
      .returning(USER);
    const [raw] = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [created.id]);
    expect(created).toEqual(raw);
    expect(created.created_at).toBeInstanceOf(Date);
    expect(created.last_login).toBeNull();

    await db.orm.insert(codeMappings).values({ procCode: 'T1', label: 'Typed', value: 1234.5 });
    const [mapping] = await db.orm
      .select(sqlColumns(codeMappings))
      .from(codeMappings)
      .where(eq(codeMappings.procCode, 'T1'));
    expect(mapping).toEqual({ proc_code: 'T1', label: 'Typed', value: 1234.5 });
    expect(await db.orm.$count(codeMappings)).toBe(1);

    await recordAudit(db, { id: created.id, username: 'Typed', ip: '::1' }, 'login', { n: 1, s: 'x' });
    const { events, total } = await listAudit(db, { id: null, username: null }, { page: 1, limit: 10 });
    expect(total).toBe(1);
    expect(events[0]).toMatchObject({ user_id: created.id, action: 'login', detail: { n: 1, s: 'x' } });
    expect(events[0].at).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
  });

  it("give the database's error, with its constraint, inside Drizzle's", async () => {
    const err = await db.orm
      .insert(users)
      .values({ username: 'TYPED', role: 'provider', passwordHash: 'h' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(databaseError(err)).toMatchObject({ code: '23505', constraint: 'users_username_lower' });
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('writes counted on the embedded database', () => {
  it('counts a typed write outside a transaction like a raw one, and neither a read nor an audit row', async () => {
    const count = () => db.localWrites() ?? Number.NaN;
    let before = count();
    await db.orm.select().from(settings);
    await db.orm.$count(settings);
    await recordAudit(db, { id: null, username: null }, 'login');
    expect(count()).toBe(before);

    await db.orm.insert(settings).values({ key: 'typed', value: '1' });
    expect(count()).toBeGreaterThan(before);
    before = count();
    await db.orm
      .update(settings)
      .set({ value: sql`${settings.value} || '1'` })
      .where(eq(settings.key, 'typed'));
    expect(count()).toBeGreaterThan(before);
    before = count();
    await db.query(`DELETE FROM settings WHERE key = 'typed'`);
    expect(count()).toBeGreaterThan(before);

    // Inside a transaction nothing counts until it ends.
    before = count();
    await db.transaction(async (tx) => {
      await tx.orm.insert(settings).values({ key: 'typed', value: '2' });
      expect(count()).toBe(before);
    });
    expect(count()).toBeGreaterThan(before);
  });
});
