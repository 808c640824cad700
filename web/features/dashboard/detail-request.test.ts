import {
  type DetailRequest,
  detailFromParams,
  detailPageFromParams,
  detailPageParam,
  detailParams,
} from './detail-request';

const scope = { location: 'Lakeside', year: 2025 };

const roundTrip = (request: DetailRequest) => {
  const params = new URLSearchParams(
    Object.entries(detailParams(request)).filter((entry): entry is [string, string] => entry[1] !== null),
  );
  return detailFromParams(params, scope);
};

describe('a detail list in the address', () => {
  it('comes back as the same list for every kind', () => {
    const requests: DetailRequest[] = [
      { ...scope, kind: 'consults', type: 'consults_won', provider: 'Dr. Lee' },
      { ...scope, kind: 'consults', type: 'pending_finance', provider: null },
      { ...scope, kind: 'arch_cases', month: '2025-03', provider: null },
      { ...scope, kind: 'arch_cases', month: '2025', provider: 'Dr. Lee' },
      { ...scope, kind: 'future_cases', month: 'TBD', provider: 'Dr. Lee' },
      { ...scope, kind: 'future_cases', month: 'all', provider: null },
      { ...scope, kind: 'pending_finance', provider: null },
    ];
    for (const request of requests) expect(roundTrip(request)).toEqual(request);
  });

  it('is none for a missing or malformed list', () => {
    expect(detailFromParams(new URLSearchParams(''), scope)).toBeNull();
    expect(detailFromParams(new URLSearchParams('details=everything'), scope)).toBeNull();
    expect(detailFromParams(new URLSearchParams('details=arch_cases&month=2025-13'), scope)).toBeNull();
  });
});

describe('the page of the open list in the address', () => {
  const pageOf = (query: string) => detailPageFromParams(new URLSearchParams(query));

  it('is the page asked for, and page 1 when none or a malformed one is', () => {
    expect(pageOf('details=consults_won&details_page=3')).toBe(3);
    for (const query of ['', 'details_page=0', 'details_page=-2', 'details_page=2.5', 'details_page=x'])
      expect(pageOf(query)).toBe(1);
  });

  it('is left out for page 1, and a newly opened list starts there', () => {
    expect(detailPageParam(1)).toEqual({ details_page: null });
    expect(detailPageParam(4)).toEqual({ details_page: 4 });
    const request: DetailRequest = { location: null, year: 2025, kind: 'pending_finance', provider: null };
    expect(detailParams(request).details_page).toBeNull();
  });
});
