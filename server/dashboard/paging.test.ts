import { DETAIL_PAGE_SIZE } from '../../common/api/dashboard';
import { pageAsked, pageOf } from './paging';

describe('pageAsked', () => {
  it('is the whole list when neither page nor page_size is given', () => {
    expect(pageAsked({})).toBeNull();
  });

  it('fills in what is missing: page 1, or the web app page size', () => {
    expect(pageAsked({ page: 3 })).toEqual({ page: 3, size: DETAIL_PAGE_SIZE });
    expect(pageAsked({ page_size: 20 })).toEqual({ page: 1, size: 20 });
    expect(pageAsked({ page: 2, page_size: 5 })).toEqual({ page: 2, size: 5 });
  });
});

describe('pageOf', () => {
  const answer = { success: true, total_value: 70, cases: [1, 2, 3, 4, 5, 6, 7] };

  it('cuts the list to the page and keeps the whole list figures', () => {
    expect(pageOf(answer, 'cases', { page: 2, size: 3 })).toEqual({
      success: true,
      total_value: 70,
      cases: [4, 5, 6],
      paging: { page: 2, page_size: 3, pages: 3, total_rows: 7 },
    });
    expect(pageOf(answer, 'cases', { page: 3, size: 3 }).cases).toEqual([7]);
  });

  it('answers a page past the last with no row, and an empty list with no page', () => {
    expect(pageOf(answer, 'cases', { page: 4, size: 3 })).toMatchObject({
      cases: [],
      paging: { page: 4, pages: 3, total_rows: 7 },
    });
    expect(pageOf({ details: [] }, 'details', { page: 1, size: 100 }).paging).toEqual({
      page: 1,
      page_size: 100,
      pages: 0,
      total_rows: 0,
    });
  });

  it('leaves the answer it was given as it was', () => {
    pageOf(answer, 'cases', { page: 1, size: 2 });
    expect(answer.cases).toHaveLength(7);
  });
});
