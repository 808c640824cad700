import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { csv, xls } from '../file-reading/fixtures/builders';
import { bearer, createTestContext, type TestContext } from '../test/harness';
import { htmlTable, REPORT_HEADER, REPORT_ROW, spreadsheetMl, xlsxWithCells } from '../test/hostile-files';

// Malformed files of every format through the real upload route, over HTTP, on the embedded
// database: each answer is a 200 or a 4xx with a message, the server keeps answering its health
// check meanwhile, and a refused file changes nothing. Seeded, so a failure repeats. How fast it
// answers is measured by the benchmarks, not asserted here.

let t: TestContext;
let admin: string;
let base: string;
beforeAll(async () => {
  t = await createTestContext({ MAX_IMPORT_ROWS: '50000' });
  admin = await t.login('admin', 'admin-pass');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const loaded = await fetch(`${base}/api/import/sample-data`, { method: 'POST', headers: bearer(admin) });
  expect(loaded.status).toBe(200);
});
// fast-check's time limit stops waiting for a run without stopping it: the server closes only
// after the last run, and its health polling, have ended.
let lastRun: Promise<unknown> = Promise.resolve();
afterAll(async () => {
  await lastRun.catch(() => undefined);
  await t.close();
});

// Cell text that has broken readers: NUL and other controls, references, huge and odd numbers,
// formulas, long keys, text in other scripts, lone surrogates.
const nastyText = fc.oneof(
  fc.constantFrom(
    '',
    '\u0000',
    'a\u0000b',
    '&#0;',
    '&#x0;',
    '&#xFFFFFFFF;',
    '&bogus;',
    '1e308',
    '-1e999',
    'NaN',
    '99999999999999999999',
    '(12.50)',
    '2/30/2025',
    '0001-01-01',
    '=HYPERLINK("x")',
    '\uD800',
    '"',
    '""""',
    '<',
    ']]>',
    'x'.repeat(6000),
  ),
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
);
const position = fc.oneof(
  fc.integer({ min: -5, max: 40 }),
  fc.constantFrom(16_384, 16_385, 1_048_576, 1_048_577, 100_000_000, 2 ** 31, 2 ** 53),
);
const columnName = fc.stringMatching(/^[A-Z]{1,7}$/);

const table = fc
  .array(fc.array(nastyText, { minLength: 0, maxLength: 9 }), { maxLength: 6 })
  .map((rows) => [REPORT_HEADER, REPORT_ROW, ...rows]);

const escapeXml = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;');

// Each format with the knobs its readers take from the file.
const file = fc.oneof(
  table.map((rows) => ({ name: 'report.csv', content: Buffer.from(csv(rows)) })),
  table.map((rows) => ({ name: 'report.xls', content: xls(rows) })),
  fc
    .tuple(
      columnName,
      position,
      fc.constantFrom('s', 'str', 'inlineStr', 'n', 'b', 'e', 'd', 'zz'),
      nastyText,
      position,
    )
    .map(([col, row, type, value, extraRow]) => ({
      name: 'report.xlsx',
      content: xlsxWithCells(
        `<c r="${col}${row}" t="${type}"><v>${escapeXml(value)}</v></c>`,
        `<row r="${extraRow}"><c t="${type}"><v>${escapeXml(value)}</v></c></row>`,
      ),
    })),
  fc.tuple(position, position, position, nastyText).map(([index, across, row, value]) => ({
    name: 'report.xls',
    content: Buffer.from(
      spreadsheetMl(
        `<Cell ss:Index="${index}" ss:MergeAcross="${across}"><Data ss:Type="String">${escapeXml(value)}</Data></Cell>`,
        `<Row ss:Index="${row}"><Cell><Data ss:Type="Number">${escapeXml(value)}</Data></Cell></Row>`,
      ),
    ),
  })),
  fc.tuple(position, position, nastyText).map(([colspan, rowspan, value]) => ({
    name: 'report.xls',
    content: Buffer.from(htmlTable(`<td colspan="${colspan}" rowspan="${rowspan}">${escapeXml(value)}</td>`)),
  })),
);

// Then broken as files break: cut short, bytes flipped, bytes inserted.
const damage = fc.oneof(
  fc.constant((b: Buffer) => b),
  fc
    .double({ min: 0, max: 1, noNaN: true })
    .map((at) => (b: Buffer) => b.subarray(0, Math.floor(b.length * at))),
  fc
    .array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 255 })), {
      minLength: 1,
      maxLength: 8,
    })
    .map((flips) => (b: Buffer) => {
      const out = Buffer.from(b);
      for (const [at, byte] of flips) if (out.length > 0) out[Math.floor(at * (out.length - 1))] = byte;
      return out;
    }),
  fc
    .tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.uint8Array({ minLength: 1, maxLength: 64 }))
    .map(([at, bytes]) => (b: Buffer) => {
      const i = Math.floor(at * b.length);
      return Buffer.concat([b.subarray(0, i), Buffer.from(bytes), b.subarray(i)]);
    }),
);

const state = async () =>
  JSON.stringify(
    await t.db.query(
      `SELECT (SELECT count(*) || '/' || coalesce(max(id), 0) FROM procedures) AS procedures,
              (SELECT count(*) || '/' || coalesce(max(id), 0) FROM future_appointments) AS appointments,
              (SELECT count(*) || '/' || coalesce(max(id), 0) FROM ignore_list) AS ignore_list,
              (SELECT count(*) FROM scoresheet) AS scoresheet,
              (SELECT count(*) FROM imports) AS imports`,
    ),
  );

/** Polls the health check until `done` settles, and answers every status it got. */
async function healthMeanwhile(done: Promise<unknown>): Promise<number[]> {
  let settled = false;
  const statuses: number[] = [];
  done.finally(() => {
    settled = true;
  });
  while (!settled) {
    const res = await fetch(`${base}/api/health`);
    await res.arrayBuffer();
    statuses.push(res.status);
    await new Promise((r) => setTimeout(r, 20));
  }
  return statuses;
}

describe('the upload route under malformed files', () => {
  it('answers 200 or a 4xx with a message, stays responsive, and changes nothing when it refuses', async () => {
    await fc.assert(
      fc.asyncProperty(
        file,
        damage,
        fc.constantFrom('raw-data', 'future-scheduled', 'ignore-list'),
        fc.boolean(),
        async ({ name, content }, broken, kind, replace) => {
          const before = await state();
          const form = new FormData();
          form.append('replace', String(replace));
          form.append('file', new Blob([new Uint8Array(broken(content))]), name);
          const answer = fetch(`${base}/api/import/${kind}`, {
            method: 'POST',
            headers: bearer(admin),
            body: form,
          });
          const run = Promise.all([answer, healthMeanwhile(answer)]);
          lastRun = run;
          const [res, health] = await run;
          const body = (await res.json()) as { success: boolean; error?: string };
          expect(health.every((status) => status === 200)).toBe(true);
          if (res.status === 200) {
            expect(body.success).toBe(true);
          } else {
            expect(res.status).toBeGreaterThanOrEqual(400);
            expect(res.status).toBeLessThan(500);
            expect(body.success).toBe(false);
            expect(body.error).toMatch(/\w/);
            expect(await state()).toBe(before);
          }
        },
      ),
      // No shrinking: a failure ends the run at once, with the seed and path to repeat it.
      { seed: 20_261_125, numRuns: 150, interruptAfterTimeLimit: 45_000, endOnFailure: true },
    );
  }, 90_000);
});
