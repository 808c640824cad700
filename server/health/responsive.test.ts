import type { AddressInfo } from 'node:net';
import { createTestContext, type TestContext } from '../test/harness';
import { multipart } from '../test/upload';

// While a large import runs on the embedded database, the server keeps answering. A functional
// check with a generous bound, not a benchmark (scripts/bench measures the waits): before, health
// gave no answer at all for the whole import (about 23 s for 600,000 rows). The bound allows for a
// machine whose cores other work keeps busy, where a one-second bound failed now and then.
let t: TestContext;
let base: string;
beforeAll(async () => {
  t = await createTestContext({}, { embeddedOnDisk: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

function report(rows: number): string {
  const lines = ['Patient,Date,Proc Code,Tooth,Provider,Description,Fee,Location'];
  for (let i = 0; i < rows; i++) {
    lines.push(
      `"Last${i % 90_000}, First${i % 7}",${(i % 12) + 1}/${(i % 28) + 1}/2025,D${6010 + (i % 50)},,Dr. P${i % 9},Implant body placement,$${1000 + (i % 900)}.00,Office ${i % 3}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

describe('during a 600,000-row import', () => {
  it('health, and a dashboard figure already shown, answer all along', async () => {
    const token = await t.login('admin', 'admin-pass');
    const figures = () =>
      fetch(`${base}/api/dashboard/providers`, { headers: { authorization: `Bearer ${token}` } });
    expect((await figures()).status).toBe(200);
    const body = multipart('big.csv', report(600_000), { replace: 'true' });
    let done = false;
    const importing = fetch(`${base}/api/import/raw-data`, {
      method: 'POST',
      headers: { ...body.headers, authorization: `Bearer ${token}` },
      body: body.payload,
    }).finally(() => {
      done = true;
    });
    const waits: number[] = [];
    while (!done) {
      const began = performance.now();
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
      expect((await figures()).status).toBe(200);
      waits.push(performance.now() - began);
      await new Promise((r) => setTimeout(r, 100));
    }
    const res = await importing;
    expect(res.status, await res.text()).toBe(200);
    expect(waits.length).toBeGreaterThan(10);
    expect(Math.max(...waits)).toBeLessThan(5000);
  }, 300_000);
});
