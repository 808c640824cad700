import { DETAIL_PAGE_SIZE, type DetailPaging } from '../../common/api/dashboard';

/** One page of a detail list, as a query asks for it. */
export interface PageAsked {
  page: number;
  size: number;
}

/**
 * The page a detail list's query asks for, or null for the whole list: neither `page` nor
 * `page_size` given. Either alone asks for a page (page 1, or DETAIL_PAGE_SIZE rows).
 */
export function pageAsked(query: { page?: number; page_size?: number }): PageAsked | null {
  if (query.page === undefined && query.page_size === undefined) return null;
  return { page: query.page ?? 1, size: query.page_size ?? DETAIL_PAGE_SIZE };
}

/** The names of an answer's fields that hold a list. */
export type RowsField<R> = { [K in keyof R]-?: R[K] extends readonly unknown[] ? K : never }[keyof R];

/**
 * The answer with its list cut to the page asked for, and `paging` saying which page it is of how
 * many. Everything else (a `total_value`) is the whole list's. A page past the last holds no row.
 */
export function pageOf<R, K extends RowsField<R>>(
  answer: R,
  field: K,
  asked: PageAsked,
): R & { paging: DetailPaging } {
  const rows = answer[field] as readonly unknown[];
  const start = (asked.page - 1) * asked.size;
  const paging: DetailPaging = {
    page: asked.page,
    page_size: asked.size,
    pages: Math.ceil(rows.length / asked.size),
    total_rows: rows.length,
  };
  return { ...(answer as object), [field]: rows.slice(start, start + asked.size), paging } as R & {
    paging: DetailPaging;
  };
}
