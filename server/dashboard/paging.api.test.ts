/**
 * Pages of a detail list (docs/behaviour.md section 6.5): `page` and `page_size` cut the whole
 * list, which a call without them still answers exactly as before.
 */
import { MAX_DETAIL_PAGE_SIZE } from '../../common/api/dashboard';
import { bearer, createTestContext, loadSamples, type TestContext } from '../test/harness';

let t: TestContext;
let token: string;

beforeAll(async () => {
  t = await createTestContext();
  token = await t.login('admin', 'admin-pass');
  await loadSamples(t, token);
});
afterAll(() => t.close());

type Answer = Record<string, unknown> & {
  paging?: { page: number; page_size: number; pages: number; total_rows: number };
};

async function get(url: string, as = token): Promise<Answer> {
  const res = await t.app.inject({ url, headers: bearer(as) });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
}

const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;

/** Every detail list, with the field that holds its rows; each long enough for a few pages. */
const LISTS = [
  ['/api/dashboard/consult-details/consults_lost?year=2025', 'details'],
  ['/api/dashboard/arch-case-details/2025?year=2025', 'patients'],
  ['/api/dashboard/future-case-details/all', 'treatments'],
  ['/api/dashboard/pending-finance-details', 'cases'],
] as const;

describe.each(LISTS)('%s', (url, field) => {
  it('answers the whole list, unchanged, without page or page_size', async () => {
    const whole = await get(url);
    expect(Object.keys(whole).sort()).toEqual(
      ['success', field, ...(field === 'details' ? [] : ['total_value'])].sort(),
    );
    // Empty parameters are not given.
    expect(await get(withQuery(url, 'page=&page_size='))).toEqual(whole);
  });

  it('answers pages that together are the whole list, in order, with its count and total', async () => {
    const whole = await get(url);
    const rows = whole[field] as unknown[];
    // About three pages, the last one short when the count does not divide.
    const size = Math.max(1, Math.floor(rows.length / 3));
    const pages = Math.ceil(rows.length / size);
    expect(pages, 'the sample list is long enough to page').toBeGreaterThan(1);
    const seen: unknown[] = [];
    for (let page = 1; page <= pages; page++) {
      const answer = await get(withQuery(url, `page=${page}&page_size=${size}`));
      const { [field]: pageRows, paging, ...rest } = answer;
      const { [field]: _, ...wholeRest } = whole;
      expect(rest).toEqual(wholeRest);
      expect(paging).toEqual({ page, page_size: size, pages, total_rows: rows.length });
      expect((pageRows as unknown[]).length).toBe(page < pages ? size : rows.length - size * (pages - 1));
      seen.push(...(pageRows as unknown[]));
    }
    expect(seen).toEqual(rows);
  });

  it('answers a page past the last with no row, not an error', async () => {
    const whole = await get(url);
    const past = await get(withQuery(url, 'page=999&page_size=7'));
    expect(past[field]).toEqual([]);
    expect(past.paging).toMatchObject({ page: 999, total_rows: (whole[field] as unknown[]).length });
  });
});

describe('page and page_size', () => {
  const url = '/api/dashboard/pending-finance-details';

  it('default to the first page and to 100 rows', async () => {
    const whole = await get(url);
    const rows = whole.cases as unknown[];
    expect((await get(`${url}?page_size=3`)).paging).toMatchObject({ page: 1, page_size: 3 });
    const first = await get(`${url}?page=1`);
    expect(first.paging).toMatchObject({ page: 1, page_size: 100, total_rows: rows.length });
    expect(first.cases).toEqual(rows.slice(0, 100));
  });

  const PAGE = 'page must be a whole number from 1';
  const PAGE_SIZE = `page_size must be a whole number from 1 to ${MAX_DETAIL_PAGE_SIZE}`;
  it.each([
    ['page=0', 'page', PAGE],
    ['page=-1', 'page', PAGE],
    ['page=1.5', 'page', PAGE],
    ['page=two', 'page', PAGE],
    ['page_size=0', 'page_size', PAGE_SIZE],
    [`page_size=${MAX_DETAIL_PAGE_SIZE + 1}`, 'page_size', PAGE_SIZE],
    ['page=1&page_size=ten', 'page_size', PAGE_SIZE],
  ])('refuse %s with 400 naming the field', async (query, field, error) => {
    const res = await t.app.inject({ url: `${url}?${query}`, headers: bearer(token) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error, code: 'invalid_field', field });
  });

  it(`take up to ${MAX_DETAIL_PAGE_SIZE} rows a page`, async () => {
    const answer = await get(`${url}?page_size=${MAX_DETAIL_PAGE_SIZE}`);
    expect(answer.paging?.page_size).toBe(MAX_DETAIL_PAGE_SIZE);
  });

  it('are described in /api/docs for every detail list', async () => {
    const docs = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, { get: { parameters?: { name: string; in: string }[] } }>;
    };
    for (const [url] of LISTS) {
      const path = new URL(url, 'http://x').pathname.replace(/(consults_lost|2025|all)$/, (part) =>
        part === 'consults_lost' ? '{type}' : '{month}',
      );
      const query = docs.paths[path].get.parameters?.filter((p) => p.in === 'query').map((p) => p.name);
      expect(query, path).toEqual(expect.arrayContaining(['page', 'page_size']));
    }
  });

  it('are not taken by the panels, whose answers stay as they were', async () => {
    const overview = '/api/dashboard/consult-overview?year=2025';
    expect(await get(`${overview}&page=2&page_size=1`)).toEqual(await get(overview));
  });
});

describe('the audit of a paged list', () => {
  async function audited(url: string, as = token) {
    const [{ last }] = await t.db.query<{ last: number }>(
      'SELECT coalesce(max(id), 0)::int AS last FROM audit_log',
    );
    await get(url, as);
    return t.db.query<{ detail: Record<string, unknown> }>(
      `SELECT detail FROM audit_log WHERE id > $1 AND action = 'details_viewed' ORDER BY id`,
      [last],
    );
  }
  const list = '/api/dashboard/consult-details/consults_won?year=2025';

  it('writes a row for the first page every time, and none for turning its pages', async () => {
    expect(await audited(`${list}&page=1&page_size=5`)).toHaveLength(1);
    expect(await audited(`${list}&page=2&page_size=5`)).toEqual([]);
    expect(await audited(`${list}&page=3&page_size=5`)).toEqual([]);
    // Opening the list again is a new view.
    expect(await audited(`${list}&page=1&page_size=5`)).toHaveLength(1);
    // The whole list is audited on every call, as it always was.
    expect(await audited(list)).toHaveLength(1);
    expect(await audited(list)).toHaveLength(1);
  });

  it('writes a row, with its page, for a later page of a list no row covers yet', async () => {
    const [row] = await audited(
      '/api/dashboard/consult-details/pending_finance?year=2025&page=2&page_size=5',
    );
    expect(row.detail).toMatchObject({
      list: 'consult-details',
      type: 'pending_finance',
      year: 2025,
      page: 2,
    });
    // Another filter is another list; another user has not seen it.
    expect(
      await audited('/api/dashboard/consult-details/pending_finance?year=2024&page=2&page_size=5'),
    ).toHaveLength(1);
    await t.createUser('pager', 'manager');
    const other = await t.login('pager', 'secret123');
    expect(
      await audited('/api/dashboard/consult-details/pending_finance?year=2025&page=2&page_size=5', other),
    ).toHaveLength(1);
  });
});
