import { bearer, createTestContext, type TestContext } from '../test/harness';
import { upload } from '../test/upload';

// The embedded database on disk: what a practice running `npm start` has.
let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext({}, { embeddedOnDisk: true });
  admin = await t.login('admin', 'admin-pass');
});
afterAll(() => t.close());

/** A Full Arch Report of `rows` procedures. */
function report(rows: number): string {
  const lines = ['Patient,Date,Proc Code,Tooth,Provider,Description,Fee,Location'];
  for (let i = 0; i < rows; i++) {
    lines.push(
      `"Last${i % 9000}, First${i % 7}",${(i % 12) + 1}/${(i % 28) + 1}/2025,D${6010 + (i % 50)},,Dr. One,Implant body placement,$${1000 + (i % 900)}.00,Main`,
    );
  }
  return `${lines.join('\n')}\n`;
}

const health = async (token?: string) =>
  (await t.app.inject({ url: '/api/health', headers: token ? bearer(token) : {} })).json();

describe('health', () => {
  it('gives admins the data folder size, and nobody else', async () => {
    expect((await health(admin)).data_folder_bytes).toBeGreaterThan(1_000_000);
    expect((await health()).data_folder_bytes).toBeUndefined();
    const provider = await t.login('admin', 'admin-pass').then(async () => {
      await t.createUser('sizer', 'provider');
      return t.login('sizer', 'secret123');
    });
    expect((await health(provider)).data_folder_bytes).toBeUndefined();
    expect((await health('not-a-token')).status).toBe('ok');
  });

  it('the data folder stops growing over replacing imports of the same size', async () => {
    const file = report(60_000);
    const sizes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await upload(t, admin, 'raw-data', 'report.csv', file, { replace: 'true' });
      expect(res.statusCode).toBe(200);
      sizes.push((await health(admin)).data_folder_bytes);
    }
    // Before space was reclaimed it grew by about a third of the first size on every import.
    expect(sizes[3]).toBeLessThanOrEqual(sizes[1] * 1.15);
  }, 240_000);
});
